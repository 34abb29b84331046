import { sep } from 'node:path'
import type { Post, SiteConfig } from '../content/types.ts'
import { siteLocales, splitLocalePath, type SiteLocale } from '../../pages/_lib/locales/locales.ts'
import { configRemoteFiles } from './configRemoteFiles.ts'
import { NOT_FOUND_LOG } from '../../pages/_lib/islands/inlineScripts.ts'
import { postCoverPaths } from '../../pages/_lib/blog/postCover.ts'
import { createPolicy, originSource, serializePolicy, type Policy } from './contentSecurityPolicy.ts'

// Which policy a page gets: the blog's pages share one (a post opened in place runs under the landing page's); every other page gets its own.

/** Each page's policy, as plain data: it travels to the prerender threads with the content. */
export interface PagePolicies {
  /** The one policy of every page of the blog (client-routed): it covers every page the router can reach. */
  blog: string
  /** What an HTML-only page's policy is made from: the sources it may use, of which it gets those it names. */
  pages: { inlineScripts: string[]; imageOrigins: string[]; mediaOrigins: string[]; extra: Policy }
  /** The site's locales, the default first: a page under another's prefix (`de/blog/…`) is its blog's as the default's is. */
  locales: SiteLocale[]
}

export interface PolicyContent {
  config: SiteConfig
  /** The posts (their covers may be remote images). */
  posts: Pick<Post, 'image' | 'lightImage' | 'darkImage'>[]
  /** The host sources of the remote images in the posts' bodies (found by the images stage, made by addOrigin). */
  bodyImageOrigins: Iterable<string>
  /** The inline script of every page (compileEarlyScript). */
  earlyScript: string
}

/** The policies of the site's pages, derived from its content. */
export function pagePolicies({ config, posts, bodyImageOrigins, earlyScript }: PolicyContent): PagePolicies {
  const fromConfig = configOrigins(config)
  const extra: Policy = config.security.contentSecurityPolicy
  const postImages = new Set<string>([...fromConfig.images, ...bodyImageOrigins])
  for (const post of posts) for (const path of postCoverPaths(post)) addOrigin(postImages, path)
  return {
    // Every page of the blog has the search field: Pagefind runs WebAssembly, and without JavaScript the field is a form that opens the search page.
    blog: serializePolicy(createPolicy({ inlineScripts: [earlyScript], imageOrigins: [...postImages].sort(), extra, wasm: true, forms: true })),
    pages: { inlineScripts: [earlyScript, NOT_FOUND_LOG], imageOrigins: [...fromConfig.images].sort(), mediaOrigins: [...fromConfig.media].sort(), extra },
    locales: siteLocales(config.site, config.locales),
  }
}

/** Whether the page at `filePath` is a blog page of any locale (in `blog/` once its prefix is off): every locale's blog shares the one policy. */
export function isBlogPage(filePath: string, locales: readonly SiteLocale[]): boolean {
  const { path } = splitLocalePath(locales, `/${filePath.split(sep).join('/')}`)
  return path.split('/')[1] === 'blog'
}

/** The policy of the page at `filePath`, whose HTML (as written, before its policy) is `html`. */
export function pagePolicy(policies: PagePolicies, filePath: string, html: string): string {
  if (isBlogPage(filePath, policies.locales)) return policies.blog
  const { inlineScripts, imageOrigins, mediaOrigins, extra } = policies.pages
  const names = (origin: string) => html.includes(`${origin}/`)
  return serializePolicy(
    createPolicy({
      inlineScripts: inlineScripts.filter((text) => html.includes(`>${text}</script>`)),
      imageOrigins: imageOrigins.filter(names),
      mediaOrigins: mediaOrigins.filter(names),
      extra,
    }),
  )
}

/** The origins of the remote images and media the config names. */
function configOrigins(config: SiteConfig): { images: Set<string>; media: Set<string> } {
  const images = new Set<string>()
  const media = new Set<string>()
  for (const { url, directive } of configRemoteFiles(config)) addOrigin(directive === 'media-src' ? media : images, url)
  return { images, media }
}

/** Adds the host source of `url`'s remote http(s) origin to `origins`; one the grammar cannot name was reported where read: no URL text enters a policy. */
export function addOrigin(origins: Set<string>, url: string): void {
  const origin = originSource(url)
  if (origin && 'source' in origin) origins.add(origin.source)
}
