import { Command } from 'commander'
import { relative, resolve } from 'node:path'
import { out as c } from '../ui/colors.ts'

interface NewFlags {
  author?: string
  tags?: string
  slug?: string
  draft: boolean
  folder: boolean
  posts: string
  config: string
}

/** `kube-site new "Title"`: flags in, scaffoldPost out. */
export const newCommand = new Command('new')
  .description('start a post: writes posts/<slug>.md (or posts/<slug>/index.md) with its frontmatter filled in')
  .argument('<title>', 'title of the post')
  .option('-a, --author <name>', "author (default: the config's blog.defaultAuthor)")
  .option('-t, --tags <list>', 'comma-separated tags, e.g. rbac,network-security')
  .option('-s, --slug <slug>', 'file name and URL segment (default: made from the title)')
  .option('--folder', 'write posts/<slug>/index.md instead, a folder for the post and its images', false)
  .option('--draft', 'mark it as a draft, left out of the build until you remove draft: true', false)
  .option('-p, --posts <dir>', 'folder of markdown posts', 'posts')
  .option('-c, --config <file>', 'site config file (for the default author)', 'site.config.ts')
  .addHelpText('after', '\nExample:\n  $ kube-site new "Least-privilege network policies" --author "Maya Chen" --tags network-security,cilium')
  .action(async (title: string, flags: NewFlags) => {
    const cwd = process.cwd()
    const { scaffoldPost } = await import('../content/scaffoldPost.ts')
    let author = flags.author
    if (author === undefined) {
      const { loadSiteConfig } = await import('../content/loadSiteConfig.ts')
      author = (await loadSiteConfig(resolve(cwd, flags.config), cwd)).config.blog.defaultAuthor
    }
    const { file } = await scaffoldPost({
      title,
      author,
      tags: flags.tags?.split(','),
      slug: flags.slug,
      draft: flags.draft,
      folder: flags.folder,
      postsDir: resolve(cwd, flags.posts),
      cwd,
    })
    process.stdout.write(`${c.green('✓')} Created ${relative(cwd, file) || file}\n`)
    process.stdout.write(c.dim('  Write the excerpt and the text, then preview it with `kube-site dev`.\n'))
  })
