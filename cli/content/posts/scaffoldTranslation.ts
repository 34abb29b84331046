import { dirname, join, posix, relative, sep } from 'node:path'
import { KubeSiteError } from '../../errors.ts'
import { closestName } from '../../util/closestName.ts'
import { today } from '../frontmatter/dates.ts'
import { localeConfigs } from '../locales/localeConfigs.ts'
import { listPostFiles, summarizePost } from './loadPosts.ts'
import { localePostsFolders, type LocalePostsFolder } from './loadSitePosts.ts'
import { splitFrontmatter } from '../frontmatter/parseFrontmatter.ts'
import { FOLDER_POST, slugFromFileName } from './postFileNames.ts'
import { readPostFile } from './readPostFile.ts'
import type { Post, SiteConfig } from '../types.ts'
import { SLUG, writeNewPost } from './scaffoldPost.ts'
import { postSlugOf, RESERVED_BLOG_FOLDERS } from '../../../pages/_lib/urls/urls.ts'

// `new --locale de --translation-of <slug>`: a draft in posts/<locale>/ with the original's text, as an untranslated copy is never published.

export interface ScaffoldTranslationOptions {
  /** The slug of the post of posts/ to translate. */
  translationOf: string
  /** The locale's code, as in the config's locales ('de'; any case). */
  locale: string
  config: SiteConfig
  /** The config file as messages name it. Default: 'site.config.ts'. */
  configShown?: string
  /** The translation's file name and slug. Default: the original's file name (then no translationOf is needed). */
  slug?: string
  /** Write posts/<locale>/<slug>/index.md. Default: the form of the original. */
  folder?: boolean
  /** Absolute path of the posts folder. */
  postsDir: string
  /** The translation's date, YYYY-MM-DD. Default: today. */
  date?: string
  cwd?: string
}

/** Writes posts/<locale>/<slug>.md, a draft translation of the post `translationOf`; never overwrites a file. */
export async function scaffoldTranslation(options: ScaffoldTranslationOptions): Promise<{ file: string; slug: string; original: string }> {
  const cwd = options.cwd ?? process.cwd()
  const configShown = options.configShown ?? 'site.config.ts'
  const { code, dir, folders } = localePostsDir(options.locale, options.config, { postsDir: options.postsDir, cwd, configShown })
  const found = await readOriginals(options.postsDir, cwd, folders.flatMap(({ folder, exists }) => (folder && exists ? [folder] : [])))
  // A slug the original had before it was renamed still names it, as its redirectFrom keeps that URL (translations.ts).
  const original = found.find((post) => post.slug === options.translationOf) ?? found.find((post) => post.redirectFrom.some((from) => postSlugOf(from) === options.translationOf))
  if (!original) {
    const near = closestName(options.translationOf, found.map((post) => post.slug))
    throw new KubeSiteError('INVALID_OPTION', `--translation-of "${options.translationOf}": no post of ${relative(cwd, options.postsDir) || options.postsDir}/ has that slug`, {
      hint: near ? `Did you mean --translation-of ${near}?` : 'Give the slug of the post to translate: the last segment of its URL, /blog/<slug>/.',
    })
  }
  const sameName = slugFromFileName(original.sourceFile)
  const slug = options.slug ?? sameName
  if (!SLUG.test(slug) || RESERVED_BLOG_FOLDERS.includes(slug)) {
    throw new KubeSiteError('INVALID_OPTION', SLUG.test(slug) ? `--slug "${slug}" is reserved: /blog/${slug}/ is a folder of the blog's own pages` : `--slug "${slug}" is not a valid slug`, {
      hint: 'Pass --slug with lowercase letters, digits and dashes, like --slug minimale-rechte.',
    })
  }
  const asFolder = options.folder ?? original.sourceFile.endsWith(`/${FOLDER_POST}`)
  const file = join(dir, asFolder ? join(slug, FOLDER_POST) : `${slug}.md`)
  const shown = relative(cwd, file) || file
  const source = readPostFile(options.postsDir, original.sourceFile, original.sourceFile)
  if ('problem' in source) throw source.problem
  const text = translationTemplate(original, {
    code,
    originalFile: relative(cwd, join(options.postsDir, original.sourceFile)),
    translationOf: slug === sameName ? undefined : original.slug,
    // The original's URL segment where its frontmatter gives one, unless the translation asks for its own.
    slug: options.slug === undefined && original.slug !== sameName ? original.slug : undefined,
    date: options.date ?? today(),
    body: splitFrontmatter(source.source).body,
    image: (path) => imageFrom(path, dirname(join(options.postsDir, original.sourceFile)), dirname(file)),
  })
  await writeNewPost(file, text, shown, 'Edit that translation, or pass another --slug.')
  return { file, slug, original: original.slug }
}

/** The folder of a locale's posts, posts/<code>/ (as spelled when it exists), for `--locale`: a locale of the config other than the default. */
export function localePostsDir(wanted: string, config: SiteConfig, { postsDir, cwd, configShown }: { postsDir: string; cwd: string; configShown: string }): { code: string; dir: string; folders: LocalePostsFolder[] } {
  const locales = localeConfigs(config)
  const others = locales.slice(1).map(({ locale }) => locale.code)
  const target = locales.slice(1).find(({ locale }) => locale.code.toLowerCase() === wanted.toLowerCase())?.locale
  if (!target) {
    const isDefault = locales[0]!.locale.code.toLowerCase() === wanted.toLowerCase()
    throw new KubeSiteError('INVALID_OPTION', isDefault ? `--locale "${wanted}" is the default locale (site.language), whose posts are ${relative(cwd, postsDir) || postsDir}/ itself` : `--locale "${wanted}": no locale '${wanted}' in ${configShown} locales`, {
      hint: others.length ? `The site's other locales: ${others.join(', ')}.` : `Add the locale to ${configShown} first: locales: [{ code: '${wanted}' }].`,
    })
  }
  const folders = localePostsFolders(postsDir, locales, cwd, configShown)
  return { code: target.code, dir: join(postsDir, folders.find(({ code }) => code === target.code)!.folder!), folders }
}

/** The default locale's posts, as far as their frontmatter: slug, file name, and what a translation takes over. */
async function readOriginals(postsDir: string, cwd: string, localeFolders: readonly string[]): Promise<Post[]> {
  const names = await listPostFiles(postsDir, cwd, undefined, localeFolders)
  return names.flatMap((name) => {
    const read = readPostFile(postsDir, name, name)
    if ('problem' in read) return []
    const summary = summarizePost(read.source, name, name)
    return 'post' in summary ? [summary.post] : []
  })
}

/** A cover path as the translation names it: a file beside the original, from the translation's folder; a site path or URL as it is. */
function imageFrom(path: string, originalDir: string, translationDir: string): string {
  if (!path.startsWith('.')) return path
  const relativePath = relative(translationDir, join(originalDir, path)).split(sep).join(posix.sep)
  return relativePath.startsWith('.') ? relativePath : `./${relativePath}`
}

interface TranslationFields {
  code: string
  originalFile: string
  translationOf?: string | undefined
  slug?: string | undefined
  date: string
  body: string
  image: (path: string) => string
}

/** The markdown of a translation: the original's frontmatter, marked for translating, as a draft. */
export function translationTemplate(original: Pick<Post, 'title' | 'excerpt' | 'author' | 'tags' | 'image' | 'lightImage' | 'darkImage'>, fields: TranslationFields): string {
  const covers = (['image', 'lightImage', 'darkImage'] as const).flatMap((key) => (original[key] ? [`${key}: ${JSON.stringify(fields.image(original[key]))}`] : []))
  return [
    '---',
    `# A translation into ${fields.code} of ${fields.originalFile}: translate the title, the excerpt, the tags and the text,`,
    '# then remove draft: true (until then it is left out of the build: no copy in the original language is published).',
    `title: ${JSON.stringify(original.title)}`,
    `excerpt: ${JSON.stringify(original.excerpt)}`,
    `author: ${JSON.stringify(original.author)}`,
    `date: ${fields.date}`,
    `tags: [${original.tags.map((tag) => JSON.stringify(tag)).join(', ')}]`,
    ...covers,
    ...(fields.slug ? [`slug: ${fields.slug}`] : []),
    ...(fields.translationOf ? [`translationOf: ${fields.translationOf}`] : []),
    'draft: true',
    '---',
    fields.body.startsWith('\n') ? fields.body.slice(1) : fields.body,
  ].join('\n')
}
