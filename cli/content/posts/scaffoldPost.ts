import { mkdir, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { KubeSiteError } from '../../errors.ts'
import { today } from '../frontmatter/dates.ts'
import { FOLDER_POST, slugFromFileName } from './loadPosts.ts'
import { RESERVED_BLOG_FOLDERS } from '../../../pages/_lib/urls/urls.ts'

export interface ScaffoldPostOptions {
  title: string
  author: string
  tags?: string[]
  /** The file name (and URL segment); default: made from the title. */
  slug?: string
  /** Write `draft: true`, so the build leaves it out until it is removed. Default: false. */
  draft?: boolean
  /** Write `posts/<slug>/index.md`, a folder for the post and its images. Default: false (`posts/<slug>.md`). */
  folder?: boolean
  /** Absolute path of the posts folder; created when missing. */
  postsDir: string
  /** The post's date, YYYY-MM-DD. Default: today. */
  date?: string
  /** Base of the path shown in messages. Default: the current directory. */
  cwd?: string
}

export interface ScaffoldedPost {
  /** Absolute path of the new file. */
  file: string
  slug: string
}

/** A slug a writer may give: lowercase letters, digits and dashes. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** The slug a title gives, the way a file name gives one: 'Zero Trust, Today!' → 'zero-trust-today'. */
export function slugFromTitle(title: string): string {
  // A slash would make basename() drop what comes before it.
  return slugFromFileName(`${title.replace(/[/\\]/g, ' ')}.md`)
}

/** The markdown of a new post: valid frontmatter (quoted as JSON, which YAML reads) and a first paragraph to replace. */
export function postTemplate({ title, author, tags = [], date, draft = false }: { title: string; author: string; tags?: string[]; date: string; draft?: boolean }): string {
  return [
    '---',
    `title: ${JSON.stringify(title)}`,
    'excerpt: "One or two sentences that make a reader want this post: shown on the blog card, in search results and in the feed."',
    `author: ${JSON.stringify(author)}`,
    `date: ${date}`,
    '# After a real revision, keep date (the day it was published) and add the day of the change:',
    '# updated: YYYY-MM-DD',
    `tags: [${tags.map((tag) => JSON.stringify(tag)).join(', ')}]`,
    '# readTime is computed from the text; set it only to override: readTime: "6 min read"',
    '# A cover image per theme, from public/ (1200 x 630): lightImage / darkImage, or one image for both:',
    '# image: /images/blog/my-post.svg',
    ...(draft ? ['draft: true'] : ['# draft: true keeps the post out of the build, the feed and the sitemap until it is ready']),
    '# Three or more sections get a table of contents; toc: false leaves it out',
    '---',
    '',
    'Open with the problem this post solves, in two or three sentences.',
    '',
    '## First section',
    '',
    'Markdown as on GitHub: tables, task lists, and fenced code with a language (yaml, bash, json, go, dockerfile...), highlighted when the site is built.',
    '',
    // A comment: nothing of it reaches the page (the sanitizer drops comments).
    '<!-- More a post can use (delete this note when you are done):',
    '> [!WARNING]                        a callout; also NOTE, TIP, IMPORTANT, CAUTION',
    '> Rotate the token first.',
    '## Rolling it out {#rollout}        an id of its own: links to #rollout survive a rewording',
    '```yaml title="netpol.yaml" {3-5}   a title and highlighted lines; ```diff marks + and - lines',
    '-->',
    '',
  ].join('\n')
}

/** Writes posts/<slug>.md (or posts/<slug>/index.md) for a new post; never overwrites an existing one. */
export async function scaffoldPost(options: ScaffoldPostOptions): Promise<ScaffoldedPost> {
  const title = options.title.trim()
  if (!title) throw new KubeSiteError('INVALID_OPTION', 'The post needs a title', { hint: 'kube-site new "Least-privilege network policies"' })
  const slug = options.slug ?? slugFromTitle(title)
  if (!SLUG.test(slug)) {
    throw new KubeSiteError('INVALID_OPTION', options.slug ? `--slug "${slug}" is not a valid slug` : `"${title}" gives no usable file name`, {
      hint: 'Pass --slug with lowercase letters, digits and dashes, like --slug my-post.',
    })
  }
  const author = options.author.trim()
  if (!author) throw new KubeSiteError('INVALID_OPTION', 'The author is empty', { hint: 'Pass --author "Jane Doe", or set blog.defaultAuthor in the config.' })
  if (RESERVED_BLOG_FOLDERS.includes(slug)) {
    throw new KubeSiteError('INVALID_OPTION', `${options.slug ? `--slug "${slug}"` : `"${title}" gives the slug "${slug}", which`} is reserved: /blog/${slug}/ is a folder of the blog's own pages`, {
      hint: `Pass --slug ${slug}-guide, say, or pick another title. Reserved: ${RESERVED_BLOG_FOLDERS.join(', ')}.`,
    })
  }
  const inFolder = join(options.postsDir, slug, FOLDER_POST)
  const flat = join(options.postsDir, `${slug}.md`)
  const [file, other] = options.folder ? [inFolder, flat] : [flat, inFolder]
  const shownPath = (path: string) => relative(options.cwd ?? process.cwd(), path) || path
  const shown = shownPath(file)
  // The other form of the same post would give the same URL.
  if (existsSync(other)) {
    throw new KubeSiteError('POST_EXISTS', `already exists as ${shownPath(other)}; it was left as it was`, { location: { file: shown }, hint: 'Edit that post, or pick another title or --slug.' })
  }
  const tags = [...new Set((options.tags ?? []).map((tag) => tag.trim()).filter(Boolean))]
  await writeNewPost(file, postTemplate({ title, author, tags, date: options.date ?? today(), draft: options.draft }), shown, 'Edit that post, or pick another title or --slug.')
  return { file: file, slug }
}

/** Writes the `text` of a new post (or translation) to `file`, its folder made first; a file already there is a POST_EXISTS problem with `hint`, and stays. */
export async function writeNewPost(file: string, text: string, shown: string, hint: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  try {
    // 'wx' fails if the file exists, even if another process creates it in between.
    await writeFile(file, text, { flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    throw new KubeSiteError('POST_EXISTS', 'already exists; it was left as it was', { location: { file: shown }, hint })
  }
}
