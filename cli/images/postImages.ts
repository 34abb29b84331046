import { existsSync, readdirSync, statSync } from 'node:fs'
import { Parser } from 'htmlparser2'
import type { Tokens } from 'marked'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { KubeSiteError, type KubeSiteErrorOptions } from '../errors.ts'
import { codeFrame } from '../content/codeFrame.ts'
import { parseFrontmatter } from '../content/frontmatter/parseFrontmatter.ts'
import { closestName } from '../util/closestName.ts'
import { COLUMN_SIZES, PLAIN_WIDTH, type Picture } from '../../pages/_lib/picture.ts'
import type { Post } from '../content/types.ts'
import { pictureHtml, plainVariant } from './pictureHtml.ts'
import { imageSize } from '../content/markdown/imageSize.ts'
import { PASTED_PREFIX, extractPastedImages } from '../content/markdown/pastedImages.ts'
import { attributeValueOffset, htmlTags } from '../content/markdown/htmlTags.ts'
import { findToken, lexPostBody, positionOf, type Position } from '../content/markdown/tokenPositions.ts'
import { PASTED_DIR, writePastedImages } from './pastedImages.ts'
import { isRasterImage, type ImageStore, type StoredImage } from '../incremental/images/imageStore.ts'
import { escapeHtml } from '../util/escapeHtml.ts'
import { originSource } from '../security/contentSecurityPolicy.ts'
import { decodedUri } from '../util/decodedUri.ts'

/** How far into a post's HTML an image may start and still be in view on load (a phone shows a title and a paragraph or two). */
const IN_VIEW_CHARACTERS = 1_500

export interface PostImagesContext {
  /** The post's markdown file (absolute), relative images are looked for beside it... */
  sourceFile: string
  /** ...but never outside the posts folder. */
  postsDir: string
  /** The site's static files: an image at '/images/a.png' is public/images/a.png. */
  publicDir: string
  /** Where pasted images are written. Default: PASTED_DIR. */
  pastedDir?: string
  /** The post's file as the writer knows it (relative to the cwd), for problems (made only for one). */
  shown: () => string
  /** The post file's text, to say on which line an image is (read only for a problem). */
  readSource: () => string
  cwd: string
  /** The post shows a cover above its body: no image of the body is its largest paint. */
  hasCover: boolean
  store: ImageStore
}

/** A body with its images placed, and the remote images it names (left as written: the page's policy must allow their hosts). */
export type PlacedBody = { html: string; remote?: string[] } | { problems: KubeSiteError[] }

/** An <img> of a post's body: where its tag is in the HTML, and its attributes, decoded. */
interface ImageTag {
  start: number
  /** Just past the tag's `>`. */
  end: number
  attributes: Record<string, string>
}

/** Every <img> tag of `html` with decoded attributes, parsed from each `<img` on (sanitized HTML escapes a stray `<`): 40 times faster on a 19 KB body. */
function imageTags(html: string): ImageTag[] {
  const tags: ImageTag[] = []
  let found: ImageTag | undefined
  let offset = 0
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        found ??= name === 'img' ? { start: offset + parser.startIndex, end: offset + parser.endIndex + 1, attributes } : undefined
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  for (const match of html.matchAll(/<img\b/gi)) {
    offset = match.index
    found = undefined
    parser.reset()
    // In chunks until the tag is read: most tags are a few hundred characters.
    for (let at = offset, size = 512; !found && at < html.length; at += size, size *= 2) parser.write(html.slice(at, at + size))
    if (found) tags.push(found)
  }
  return tags
}

/** A body's images made downloadable: rasters into <picture>s (AVIF, WebP, fallback), SVG or GIF beside the post into assets/, remote as written; all problems at once. */
export async function placePostImages(html: string, context: PostImagesContext): Promise<PlacedBody> {
  // Most bodies have no image: a plain search rules them out (a rebuild passes every body here).
  if (!/<img/i.test(html)) return { html }
  const tags = imageTags(html)
  if (tags.length === 0) return { html }
  const problems: KubeSiteError[] = []
  const remote: string[] = []
  let source: string | undefined
  /** Where the writer wrote the image of the tag at `index`: the same URL's place in the body, as many times over as tags before it have it. */
  const where = (index: number) => {
    const src = tags[index]!.attributes.src!
    source ??= context.readSource()
    const before = tags.slice(0, index).filter((tag) => tag.attributes.src === src).length
    const at = src.startsWith(PASTED_PREFIX) ? locatePasted(source, src.slice(PASTED_PREFIX.length)) : locate(source, src, before)
    return { file: context.shown(), line: at?.line, column: at?.column }
  }
  const replacements = await Promise.all(
    tags.map(async ({ start, end, attributes }, index) => {
      const tag = html.slice(start, end)
      const src = attributes.src
      if (!src) return tag
      const found = resolveImage(src, context)
      if (!found) {
        // A remote image's host goes into the blog's policy, refused here when the grammar cannot name it.
        const origin = originSource(src)
        if (origin && 'problem' in origin) problems.push(new KubeSiteError('POST_INVALID', `Image ${src}: ${origin.problem.reason}`, { location: where(index), hint: origin.problem.hint }))
        else if (origin) remote.push(src)
        return tag
      }
      if ('missing' in found) {
        problems.push(new KubeSiteError('POST_INVALID', `Image not found: ${src}`, { location: where(index), hint: missingHint(found.missing, found.allowed, context.cwd) }))
        return tag
      }
      try {
        if (isRasterImage(found.file)) {
          const picture = await context.store.picture(found.file)
          const priority = !context.hasCover && index === 0 && start < IN_VIEW_CHARACTERS
          return pictureHtml({ alt: attributes.alt ?? '', title: attributes.title, width: picture.width, height: picture.height, variants: picture.variants, sizes: COLUMN_SIZES, priority })
        }
        // Anything else is published as is (an SVG scales, a GIF may move): from public/ already, or under assets/.
        const stored = found.fromPublic ? { url: src, ...imageSize(found.file) } : await context.store.file(found.file)
        const size = attributes.width || !stored.width ? {} : { width: String(stored.width), height: String(stored.height) }
        const lazy = attributes.loading ? {} : { loading: 'lazy', decoding: 'async' }
        return imageTag({ ...attributes, src: stored.url, ...size, ...lazy })
      } catch (error) {
        problems.push(unreadable('Image', found.file, context, error, { location: where(index) }))
        return tag
      }
    }),
  )
  if (problems.length > 0) return { problems }
  let placed = ''
  let from = 0
  tags.forEach(({ start, end }, index) => {
    placed += html.slice(from, start) + replacements[index]!
    from = end
  })
  return { html: placed + html.slice(from), ...(remote.length > 0 ? { remote } : {}) }
}

/** The one URL where a post's page shows image `src`, for a twin: a raster's plain variant, SVG or GIF under assets/, else as written; encodes nothing. */
export async function shownImageUrl(src: string, context: CoverContext): Promise<string> {
  const found = resolveImage(src, context)
  if (!found || 'missing' in found) return src
  if (isRasterImage(found.file)) return plainVariant((await context.store.picture(found.file)).variants).url
  return found.fromPublic ? src : (await context.store.file(found.file)).url
}

const COVER_KEYS = ['image', 'lightImage', 'darkImage'] as const

export type CoverContext = Omit<PostImagesContext, 'hasCover'>

/** Where a post's frontmatter sets `key` (file:line:col and a code frame), found in its source only when there is a problem to report. */
function coverLocator(context: CoverContext): (key: string) => Pick<KubeSiteErrorOptions, 'location' | 'frame'> {
  let source: string | undefined
  let positions: Map<string, { line: number; column: number }> | undefined
  return (key) => {
    source ??= context.readSource()
    positions ??= parseFrontmatter(source).positions
    const at = positions.get(key)
    return { location: { file: context.shown(), ...at }, frame: at ? codeFrame(source, at.line, at.column) : undefined }
  }
}

/** A post's local covers made downloadable: a raster's variants in `pictures`, the field naming its fallback; a missing public/ cover is `check`'s, a post's own a problem. */
export async function placeCovers(post: Post, context: CoverContext): Promise<{ post: Post } | { problems: KubeSiteError[] }> {
  const problems: KubeSiteError[] = []
  const placed: Partial<Post> = {}
  const pictures: Record<string, Picture> = {}
  const at = coverLocator(context)
  for (const key of COVER_KEYS) {
    const src = post[key]
    if (src === undefined) continue
    // A remote cover's host goes into the blog's policy, as a body image's does.
    const origin = originSource(src)
    if (origin && 'problem' in origin) {
      problems.push(new KubeSiteError('POST_INVALID', `Cover image ${src}: ${origin.problem.reason}`, { ...at(key), hint: origin.problem.hint }))
      continue
    }
    // A non-raster cover in public/ stays as written; a missing one is check's (12,000 lookups saved at 4,000 posts).
    if (src.startsWith('/') && !src.startsWith('//') && !isRasterImage(src.split(/[?#]/)[0]!)) continue
    const found = resolveImage(src, context)
    if (!found) continue
    if ('missing' in found) {
      if (!src.startsWith('/')) problems.push(new KubeSiteError('POST_INVALID', `Cover image not found: ${src}`, { ...at(key), hint: missingHint(found.missing, found.allowed, context.cwd) }))
      continue
    }
    try {
      if (isRasterImage(found.file)) {
        const picture = compactPicture(await context.store.picture(found.file))
        const plain = picture.fallback[Math.max(0, picture.widths.findLastIndex((width) => width <= PLAIN_WIDTH))]!
        placed[key] = plain
        pictures[plain] = picture
      } else if (!found.fromPublic) {
        placed[key] = (await context.store.file(found.file)).url
      }
    } catch (error) {
      problems.push(unreadable('Cover image', found.file, context, error, at(key)))
    }
  }
  if (problems.length > 0) return { problems }
  if (Object.keys(placed).length === 0) return { post }
  return { post: { ...post, ...placed, ...(Object.keys(pictures).length > 0 ? { pictures } : {}) } }
}

/** The variants of a stored picture as the pages take them (pages/_lib/picture.ts). */
export function compactPicture(stored: Extract<StoredImage, { kind: 'picture' }>): Picture {
  const urls = (formats: string[]) => stored.variants.filter((variant) => formats.includes(variant.format)).map((variant) => variant.url)
  return {
    width: stored.width,
    height: stored.height,
    widths: stored.variants.filter((variant) => variant.format === stored.fallback).map((variant) => variant.width),
    avif: urls(['avif']),
    webp: urls(['webp']),
    fallback: urls([stored.fallback]),
  }
}

const shownImage = (file: string, context: Pick<PostImagesContext, 'pastedDir' | 'cwd'>) =>
  file.startsWith(resolve(context.pastedDir ?? PASTED_DIR) + sep) ? 'pasted into the post (a data: URL)' : relative(context.cwd, file) || file

/** The problem of a local image (`what`: 'Image', 'Cover image') that could not be read or encoded, at `at`. */
const unreadable = (what: string, file: string, context: Pick<PostImagesContext, 'pastedDir' | 'cwd'>, error: unknown, at: Pick<KubeSiteErrorOptions, 'location' | 'frame'>) =>
  new KubeSiteError('POST_INVALID', `${what} ${shownImage(file, context)} could not be read: ${(error as Error)?.message ?? String(error)}`, {
    ...at,
    hint: 'Export it again as PNG, JPEG, WebP or AVIF, under 50 million pixels.',
  })

type Resolved = { file: string; fromPublic: boolean } | { missing: string; allowed: string }

/** The local file an image's URL names, or undefined for a remote image (or one that is not a file: a data: URL). */
function resolveImage(src: string, { sourceFile, postsDir, publicDir, pastedDir = PASTED_DIR, readSource }: Omit<PostImagesContext, 'hasCover'>): Resolved | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('//') || src.startsWith('#')) return undefined
  const written = src.split(/[?#]/)[0]!
  const path = decodedUri(written) ?? written
  if (path.startsWith(PASTED_PREFIX)) {
    // A pasted image: its file is written here from the post, the first time it is asked for.
    const file = join(pastedDir, basename(path))
    if (!existsSync(file)) writePastedImages(extractPastedImages(readSource()).images, pastedDir)
    return existsSync(file) ? { file, fromPublic: false } : { missing: file, allowed: pastedDir }
  }
  const fromPublic = path.startsWith('/')
  const root = resolve(fromPublic ? publicDir : postsDir)
  const file = fromPublic ? resolve(root, `.${path}`) : resolve(dirname(sourceFile), path)
  if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) return { missing: file, allowed: root }
  return { file, fromPublic }
}

function missingHint(file: string, root: string, cwd: string): string {
  const shown = (path: string) => relative(cwd, path) || path
  if (!file.startsWith(root + sep)) return `Looked for ${shown(file)}, which is outside ${shown(root)}/: an image is in public/ (written /images/…) or beside the post.`
  let folder = dirname(file)
  while (folder.startsWith(root) && !existsSync(folder)) folder = dirname(folder)
  const names = existsSync(folder) ? readdirSync(folder) : []
  const near = folder === dirname(file) ? closestName(basename(file), names) : undefined
  return near ? `Looked for ${shown(file)}. Did you mean ${shown(join(folder, near))}?` : `Looked for ${shown(file)}${folder !== dirname(file) ? `; ${shown(folder)}/ has no folder ${relative(folder, dirname(file)).split(sep)[0]}/` : ''}.`
}

/** Where the post's source has the data: URL a pasted image (by its file name) came from. */
function locatePasted(source: string, name: string): { line: number; column: number } | undefined {
  const pasted = extractPastedImages(source).images.find((image) => image.name === name)
  return pasted && positionOf(source, pasted.offset)
}

/** Where the body has its `nth` image with URL `src` (or its first): a markdown image's URL or a raw <img>'s src, from the tokens as rendered. */
function locate(source: string, src: string, nth: number): Position | undefined {
  const { tokens, positionAt } = lexPostBody(source)
  const places: number[] = []
  findToken(tokens, (token, _, at) => {
    if (!('type' in token)) return false
    if (token.type === 'image' && (token as Tokens.Image).href === src) {
      // The URL follows the alt text's `](`; a reference's is in its definition.
      const url = token.raw.indexOf(src, token.raw.indexOf('](') + 2)
      places.push(at(Math.max(0, url)))
    }
    if (token.type === 'html' && /<img/i.test(token.raw)) {
      for (const tag of htmlTags(token.raw)) if (tag.name === 'img' && tag.attributes.src === src) places.push(at(attributeValueOffset(token.raw, tag.attributeOffsets.src!)))
    }
    return places.length > nth
  })
  const offset = places[nth] ?? places[0]
  return offset === undefined ? undefined : positionAt(offset)
}

/** An <img> tag with these attributes, in their order (those without a value left out). */
function imageTag(attributes: Record<string, string | undefined>): string {
  const written = Object.entries(attributes).filter((entry): entry is [string, string] => entry[1] !== undefined)
  return `<img${written.map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join('')}>`
}
