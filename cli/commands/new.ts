import { Command } from 'commander'
import { relative, resolve } from 'node:path'
import { KubeSiteError } from '../errors.ts'
import { out as c } from '../ui/colors.ts'

interface NewFlags {
  author?: string
  tags?: string[]
  slug?: string
  draft: boolean
  folder: boolean
  posts: string
  config: string
  locale?: string
  translationOf?: string
}

/** `kube-site new "Title"`: flags in, scaffoldPost out. */
export const newCommand = new Command('new')
  .description('start a post: writes posts/<slug>.md (or posts/<slug>/index.md) with its frontmatter filled in; or a translation of one')
  .argument('[title]', 'title of the post (not for a translation: it starts with the original\'s)')
  .option('-a, --author <name>', "author (default: the config's blog.defaultAuthor)")
  .option('-t, --tags <list>', 'comma-separated tags, e.g. rbac,network-security; repeat the flag for more', (list: string, previous: string[] = []) => [...previous, ...list.split(',')])
  .option('-s, --slug <slug>', 'file name and URL segment (default: made from the title)')
  .option('--folder', 'write posts/<slug>/index.md instead, a folder for the post and its images', false)
  .option('--draft', 'mark it as a draft, left out of the build until you remove draft: true', false)
  .option('-p, --posts <dir>', 'folder of markdown posts', 'posts')
  .option('-c, --config <file>', 'site config file (for the default author)', 'site.config.ts')
  .option('-l, --locale <code>', "the post's locale, one of the config's other locales: written to posts/<code>/, with --translation-of a translation")
  .option('--translation-of <slug>', 'start a translation of the post of posts/ with this slug, as a draft with its frontmatter and text (--slug: a translated file name)')
  .addHelpText(
    'after',
    '\nExamples:\n  $ kube-site new "Least-privilege network policies" --author "Maya Chen" --tags network-security,cilium\n  $ kube-site new "Laufzeiterkennung mit eBPF" --locale de   (a post in German only)\n  $ kube-site new --locale de --translation-of least-privilege --slug minimale-rechte',
  )
  .action(async (title: string | undefined, flags: NewFlags) => {
    const cwd = process.cwd()
    if (flags.translationOf !== undefined) return newTranslation(title, flags, cwd)
    if (title === undefined) throw new KubeSiteError('INVALID_OPTION', 'The post needs a title', { hint: `kube-site new "Least-privilege network policies"${flags.locale ? ` --locale ${flags.locale}` : ''}` })
    const { scaffoldPost } = await import('../content/posts/scaffoldPost.ts')
    let author = flags.author
    let postsDir = resolve(cwd, flags.posts)
    if (author === undefined || flags.locale !== undefined) {
      const { loadSiteConfig } = await import('../content/config/loadSiteConfig.ts')
      const configFile = resolve(cwd, flags.config)
      const { config } = await loadSiteConfig(configFile, cwd)
      author ??= config.blog.defaultAuthor
      // A post in one locale only: posts/<code>/, with no original (translations take --translation-of).
      if (flags.locale !== undefined) {
        const { localePostsDir } = await import('../content/posts/scaffoldTranslation.ts')
        postsDir = localePostsDir(flags.locale, config, { postsDir, cwd, configShown: relative(cwd, configFile) || configFile }).dir
      }
    }
    const { file } = await scaffoldPost({ title, author, tags: flags.tags, slug: flags.slug, draft: flags.draft, folder: flags.folder, postsDir, cwd })
    process.stdout.write(`${c.green('✓')} Created ${relative(cwd, file) || file}\n`)
    process.stdout.write(c.dim('  Write the excerpt and the text, then preview it with `kube-site dev`.\n'))
  })

/** `kube-site new --locale de --translation-of <slug>`: flags in, scaffoldTranslation out. */
async function newTranslation(title: string | undefined, flags: NewFlags, cwd: string): Promise<void> {
  if (flags.translationOf === undefined || flags.locale === undefined) {
    throw new KubeSiteError('INVALID_OPTION', '--translation-of needs --locale', { hint: 'kube-site new --locale de --translation-of <slug of the post in posts/>' })
  }
  if (title !== undefined) throw new KubeSiteError('INVALID_OPTION', 'A translation takes no title: it starts with the original\'s, to translate', { hint: `kube-site new --locale ${flags.locale} --translation-of ${flags.translationOf}` })
  const [{ scaffoldTranslation }, { loadSiteConfig }] = await Promise.all([import('../content/posts/scaffoldTranslation.ts'), import('../content/config/loadSiteConfig.ts')])
  const configFile = resolve(cwd, flags.config)
  const { config } = await loadSiteConfig(configFile, cwd)
  const { file, original } = await scaffoldTranslation({
    translationOf: flags.translationOf,
    locale: flags.locale,
    config,
    configShown: relative(cwd, configFile) || configFile,
    slug: flags.slug,
    ...(flags.folder && { folder: true }),
    postsDir: resolve(cwd, flags.posts),
    cwd,
  })
  process.stdout.write(`${c.green('✓')} Created ${relative(cwd, file) || file}, a draft\n`)
  if (original !== flags.translationOf) process.stdout.write(c.dim(`  ${flags.translationOf} was renamed ${original} (its redirectFrom keeps the old URL): the translation names ${original}.\n`))
  process.stdout.write(c.dim('  Translate its title, excerpt, tags and text, then remove draft: true.\n'))
}
