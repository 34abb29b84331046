import { Parser } from 'htmlparser2'
import { parseSrcset } from './parseSrcset.ts'

/** What a reference is: a `link` followed as a person would (anchors checked), an `image` or `asset` must exist, a `canonical` must name a page. */
export type RefKind = 'link' | 'image' | 'asset' | 'canonical'

export interface PageRef {
  kind: RefKind
  /** The URL as written, entities decoded. */
  url: string
  /** Where it was found, for messages: '<a href>', '<img srcset>', '<meta og:image>'. */
  from: string
}

/** A page's version in a language, as the page (or the sitemap) names it: `hreflang` and `href` as written, entities decoded. */
export interface HreflangLink {
  hreflang: string
  href: string
}

export interface PageFacts {
  title?: string
  /** The language of the page, `<html lang>` as written (none when it names none). */
  lang?: string
  description?: string
  /** `<meta name="robots" content="noindex">`: search engines are told to skip the page. */
  noindex: boolean
  /** Every `id` (and `<a name>`): the fragments a link to this page may name. */
  ids: Set<string>
  /** Each `id` more than one element has, once: `#id`, `getElementById` and hydration find only the first. */
  duplicateIds: string[]
  refs: PageRef[]
  /** Each `<link rel="alternate" hreflang>`: the page's versions in other languages (its hreflang set), checked as a set (checkAnnounced.ts) and so not among `refs`. */
  alternates: HreflangLink[]
  /** The src of each `<img>` without an alt attribute. */
  imagesWithoutAlt: string[]
  /** The src of each `<img>` from another site without width and height. */
  remoteImagesWithoutSize: string[]
}

// <link rel> values whose href is fetched by the browser (or, for alternate, followed).
const LINK_RELS: ReadonlyMap<string, RefKind> = new Map([
  ['stylesheet', 'asset'],
  ['preload', 'asset'],
  ['modulepreload', 'asset'],
  ['prefetch', 'asset'],
  ['manifest', 'asset'],
  ['icon', 'image'],
  ['apple-touch-icon', 'image'],
  ['mask-icon', 'image'],
  ['alternate', 'link'],
  ['canonical', 'canonical'],
])

// Social cards name their image in a meta tag, as an absolute URL.
const IMAGE_METAS = new Set(['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'])

// Elements whose `src` is fetched as an asset of the page.
const SRC_ASSETS = new Set(['script', 'audio', 'track', 'iframe', 'embed'])

/** Reads the references, ids, title and description of an HTML page. */
export function extractLinks(html: string): PageFacts {
  const facts: PageFacts = { noindex: false, ids: new Set(), duplicateIds: [], refs: [], alternates: [], imagesWithoutAlt: [], remoteImagesWithoutSize: [] }
  const elementIds = new Set<string>()
  const add = (kind: RefKind, url: string | undefined, from: string) => {
    if (url !== undefined && url.trim() !== '') facts.refs.push({ kind, url: url.trim(), from })
  }
  // <title> inside inline SVG names the drawing, not the page; the page's is the first outside.
  let foreignDepth = 0
  let titleText: string | undefined
  let inPicture = false
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'svg' || name === 'math') foreignDepth++
        if (attributes.id) {
          if (elementIds.has(attributes.id) && !facts.duplicateIds.includes(attributes.id)) facts.duplicateIds.push(attributes.id)
          elementIds.add(attributes.id)
          facts.ids.add(attributes.id)
        }
        // An icon drawn from the site's icon file (pages/_components/common/Icon.tsx).
        if (name === 'use') add('asset', attributes.href ?? attributes['xlink:href'], '<use href>')
        if (foreignDepth > 0) return
        switch (name) {
          case 'html':
            if (attributes.lang) facts.lang = attributes.lang
            break
          case 'title':
            if (facts.title === undefined) titleText = ''
            break
          case 'a':
          case 'area':
            if (name === 'a' && attributes.name) facts.ids.add(attributes.name)
            add('link', attributes.href, `<${name} href>`)
            break
          case 'img':
            add('image', attributes.src, '<img src>')
            for (const url of parseSrcset(attributes.srcset ?? '')) add('image', url, '<img srcset>')
            if (attributes.alt === undefined && !isHiddenImage(attributes)) facts.imagesWithoutAlt.push(attributes.src ?? attributes.srcset ?? '')
            if (attributes.src && /^(https?:)?\/\//i.test(attributes.src) && !(attributes.width && attributes.height)) facts.remoteImagesWithoutSize.push(attributes.src)
            break
          case 'picture':
            inPicture = true
            break
          case 'source':
            for (const url of parseSrcset(attributes.srcset ?? '')) add(inPicture ? 'image' : 'asset', url, '<source srcset>')
            add('asset', attributes.src, '<source src>')
            break
          case 'video':
            add('asset', attributes.src, '<video src>')
            add('image', attributes.poster, '<video poster>')
            break
          case 'object':
            add('asset', attributes.data, '<object data>')
            break
          case 'link':
            if (attributes.hreflang !== undefined && attributes.href !== undefined && relsOf(attributes).has('alternate')) {
              facts.alternates.push({ hreflang: attributes.hreflang, href: attributes.href.trim() })
              break
            }
            for (const rel of relsOf(attributes)) {
              const kind = LINK_RELS.get(rel)
              if (kind) add(kind, attributes.href, `<link rel=${rel}>`)
            }
            break
          case 'meta':
            readMeta(facts, attributes, add)
            break
          case 'script':
            add('asset', attributes.src, '<script src>')
            break
          default:
            if (SRC_ASSETS.has(name)) add('asset', attributes.src, `<${name} src>`)
        }
      },
      ontext(text) {
        if (titleText !== undefined) titleText += text
      },
      onclosetag(name) {
        if (name === 'svg' || name === 'math') foreignDepth = Math.max(0, foreignDepth - 1)
        if (name === 'picture') inPicture = false
        if (name === 'title' && titleText !== undefined) {
          facts.title = titleText.replace(/\s+/g, ' ').trim()
          titleText = undefined
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  parser.end(html)
  if (facts.title === '') facts.title = undefined
  return facts
}

const relsOf = (attributes: Record<string, string>) => new Set((attributes.rel ?? '').toLowerCase().split(/\s+/))

function readMeta(facts: PageFacts, attributes: Record<string, string>, add: (kind: RefKind, url: string | undefined, from: string) => void) {
  const name = (attributes.name ?? attributes.property ?? '').toLowerCase()
  const content = attributes.content?.trim()
  if (name === 'description' && content) facts.description = content
  if (name === 'robots' && /(^|[\s,])(noindex|none)([\s,]|$)/i.test(content ?? '')) facts.noindex = true
  if (IMAGE_METAS.has(name)) add('image', content, `<meta ${name}>`)
}

// Images kept out of the accessibility tree need no text alternative (axe's image-alt rule agrees).
function isHiddenImage(attributes: Record<string, string>): boolean {
  return attributes['aria-hidden'] === 'true' || ['presentation', 'none'].includes((attributes.role ?? '').toLowerCase())
}
