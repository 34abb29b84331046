import { statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { KubeSiteError, formatLocation, type SourceLocation } from '../../errors.ts'
import { toolRoot } from '../../toolRoot.ts'
import { readTextFile } from '../../util/readFile.ts'
import { LLMS_TXT_URL, ROBOTS_URL, SITEMAP_URL } from '../../../pages/_lib/urls/absoluteUrl.ts'
import { FEED_FORMATS, HOME_URL, MARKDOWN_TWIN, PRICING_URL, PRIVACY_POLICY_URL, TERMS_OF_SERVICE_URL, blogFeedUrl, blogPageUrl, postUrl } from '../../../pages/_lib/urls/urls.ts'
import { pageUrls } from '../../../pages/_lib/urls/routes.ts'
import { localePrefix, underPrefix } from '../../../pages/_lib/locales/locales.ts'
import { codeFrame } from '../codeFrame.ts'
import { locateKey } from '../locateKey.ts'
import type { Loaded } from '../posts/postResults.ts'
import type { SiteConfig } from '../types.ts'

// Old URLs checked across every post (drafts included, so going live never breaks a build) and config: one page each, never a page or file, redirects in one hop.

/** The site config the posts belong to, and its file (absolute), for messages. */
export interface RedirectSite {
  config: Pick<SiteConfig, 'redirects' | 'blog'> & Partial<Pick<SiteConfig, 'locales'>>
  file: string
}

export interface RedirectCheckOptions {
  /** Without it, only the posts' old URLs are checked, against the posts and the fixed pages. */
  site?: RedirectSite
  /** A post's file as messages show it. */
  shown(sourceFile: string): string
  cwd: string
  /** The site's static files, which an old URL must not take. Default: the site's public/. */
  publicDir?: string
  /** The URL prefix of the posts' locale when it is not the default ('/de'): their old URLs are under it, with or without it written (siteRedirects.ts), and checked against its own pages. */
  prefix?: string
}

interface Claim {
  /** The old URL as written. */
  from: string
  /** Where it is in its locale's pages: `from`, without the locale's prefix. */
  local: string
  to: string
  location: SourceLocation
  inConfig: boolean
  frame?: string
}

/** Every problem of the old URLs of `loaded` posts and of the config's redirects. */
export function redirectProblems(loaded: readonly Loaded[], options: RedirectCheckOptions): KubeSiteError[] {
  const prefix = options.prefix ?? ''
  const postClaims = loaded.flatMap(({ post, redirectFromAt }) =>
    post.redirectFrom.map((from): Claim => ({ from, local: underPrefix(prefix, from) ?? from, to: prefix + postUrl(post.slug), location: { file: options.shown(post.sourceFile), ...redirectFromAt }, inConfig: false })),
  )
  const configClaims = options.site ? configRedirectClaims(options.site, options.cwd) : []
  if (postClaims.length === 0 && configClaims.length === 0) return []
  const pages = livePages(loaded, options)
  const publicDir = options.publicDir ?? join(toolRoot, 'public')
  const problems: KubeSiteError[] = []
  const claimed = new Map<string, Claim>()
  for (const claim of [...postClaims, ...configClaims]) {
    const first = claimed.get(claim.local)
    if (first) {
      problems.push(problem(claim, `old URL ${claim.from} is also redirected by ${formatLocation(first.location)} (to ${first.to})`, 'An old URL leads to one page: keep it in one of the two.'))
      continue
    }
    const page = pages.get(claim.local)
    const taken = page ? undefined : occupant(claim.local, prefix, publicDir, options.cwd)
    // A default's post's old URL under another locale's prefix would be where that locale's pages are (their own posts' old URLs are checked against them).
    const foreign = prefix || claim.inConfig ? undefined : options.site?.config.locales?.map(({ code }) => localePrefix(code)).find((other) => underPrefix(other, claim.from))
    if (foreign) problems.push(problem(claim, `old URL ${claim.from} is under ${foreign}/, another locale's pages`, `Give it to the post in that locale (posts${foreign}/), or remove ${claim.from} from the post's redirectFrom.`))
    else if (page) problems.push(problem(claim, `old URL ${claim.from} is a page of the site (${page}): a redirect would hide it`, removeHint(claim)))
    else if (taken) problems.push(problem(claim, `old URL ${claim.from} is where ${taken} is`, removeHint(claim)))
    else claimed.set(claim.local, claim)
  }
  for (const claim of configClaims) {
    if (claimed.has(claim.to)) problems.push(hopProblem(claim, claimed))
    else if (!pages.has(claim.to)) {
      problems.push(problem(claim, `redirect ${claim.from} → ${claim.to}: ${claim.to} is not a page of the site`, 'A target is the path of a page, with its trailing slash: /pricing/, /blog/<slug>/.'))
    }
  }
  return problems
}

/** A config redirect whose target is an old URL too: a chain, or a loop. */
function hopProblem(claim: Claim, claimed: ReadonlyMap<string, Claim>): KubeSiteError {
  const hops = [claim.from]
  let at = claim.to
  for (let next = claimed.get(at); next && !hops.includes(at); next = claimed.get(at)) {
    hops.push(at)
    at = next.to
  }
  if (hops.includes(at)) return problem(claim, `redirects ${[...hops, at].join(' → ')} go round in a loop`, 'Point each old path at the page it moved to.')
  const next = claimed.get(claim.to)!
  return problem(
    claim,
    `redirect ${claim.from} → ${claim.to} is a chain: ${formatLocation(next.location)} redirects ${claim.to} on to ${next.to}`,
    `Point ${claim.from} at ${at} directly: each hop is another round trip, and crawlers give up on chains.`,
  )
}

function problem(claim: Claim, message: string, hint: string): KubeSiteError {
  return new KubeSiteError(claim.inConfig ? 'CONFIG_INVALID' : 'POST_INVALID', message, { location: claim.location, frame: claim.frame, hint })
}

const removeHint = (claim: Claim) =>
  claim.inConfig ? `Remove '${claim.from}' from redirects in ${claim.location.file}.` : `Remove ${claim.from} from the post's redirectFrom.`

/** The config's redirects, each at its line of the config file where it can be found. */
function configRedirectClaims({ config, file }: RedirectSite, cwd: string): Claim[] {
  const entries = Object.entries(config.redirects)
  if (entries.length === 0) return []
  const shown = relative(cwd, file) || file
  const source = readTextFile(file)
  // locateKey stops at `redirects` when it finds no key below: the key as written may lack the slash validation added, or be escaped.
  const keyAt = (key: string) => {
    const position = locateKey(source!, ['redirects', key])
    return position && source!.split('\n', position.line)[position.line - 1]!.startsWith(key, position.column - 1) ? position : undefined
  }
  return entries.map(([from, to]) => {
    const position = source ? (keyAt(from) ?? keyAt(from.slice(0, -1)) ?? locateKey(source, ['redirects'])) : undefined
    return { from, local: from, to, location: { file: shown, ...position }, inConfig: true, frame: source && position ? codeFrame(source, position.line, position.column) : undefined }
  })
}

const FIXED_PAGES: ReadonlyMap<string, string> = new Map([
  [HOME_URL, 'the home page'],
  [PRICING_URL, 'the pricing page'],
  [PRIVACY_POLICY_URL, 'the privacy policy'],
  [TERMS_OF_SERVICE_URL, 'the terms of service'],
  [blogPageUrl(1), 'the blog'],
])

/** The default's pages another locale has none of its own of: the legal documents, which it lends (DECISIONS.md). */
const LENT_PAGES = new Set([PRIVACY_POLICY_URL, TERMS_OF_SERVICE_URL])

/** Every page of the posts' locale (without its prefix) it has or will have once scheduled posts are live; without the config only the first list page is counted. */
function livePages(loaded: readonly Loaded[], { site, shown, prefix }: RedirectCheckOptions): Map<string, string> {
  const sizes = site?.config.blog ?? { pageSize: Number.POSITIVE_INFINITY, tagPageSize: Number.POSITIVE_INFINITY }
  const posts = new Map(loaded.map(({ post }) => [postUrl(post.slug), `the post ${shown(post.sourceFile)}`]))
  const urls = pageUrls(loaded.map(({ post }) => post), sizes).filter((url) => !prefix || !LENT_PAGES.has(url))
  return new Map(urls.map((url) => [url, posts.get(url) ?? FIXED_PAGES.get(url) ?? 'a page of the blog']))
}

// Files the build writes beside the pages, each locale's (its feeds, its 404 page) and the site's: an old URL there would need a folder of their name.
const LOCALE_FILES = new Set([...FEED_FORMATS.map((format) => blogFeedUrl(format)), '/404.html'])
const SITE_FILES = new Set([...LOCALE_FILES, SITEMAP_URL, ROBOTS_URL, LLMS_TXT_URL])

/** What of the site's own files an old URL of a locale (`local`, without its `prefix`) would be written over (its index.html, or a folder in its path); undefined when none. */
function occupant(local: string, prefix: string, publicDir: string, cwd: string): string | undefined {
  const from = prefix + local
  // Content-named files: a rebuild keeps whatever it finds there (outputDir.ts).
  if (from.startsWith('/assets/')) return "/assets/, the folder of the site's bundled files"
  const shownPublic = relative(cwd, publicDir) || publicDir
  const own = prefix ? LOCALE_FILES : SITE_FILES
  for (let end = local.indexOf('/', 1); end !== -1; end = local.indexOf('/', end + 1)) {
    const path = local.slice(0, end)
    if (own.has(path)) return `the site's own ${prefix}${path}`
    // A post's markdown twin, beside its page (writeMarkdownTwins.ts).
    if (path.startsWith('/blog/') && path.endsWith(`/${MARKDOWN_TWIN}`)) return `the markdown of the post ${prefix}${path.slice(0, -MARKDOWN_TWIN.length)}`
    if (statSync(join(publicDir, prefix, path), { throwIfNoEntry: false })?.isFile()) return `the file ${shownPublic}${prefix}${path}`
  }
  return statSync(join(publicDir, from, 'index.html'), { throwIfNoEntry: false }) ? `the file ${shownPublic}${from}index.html` : undefined
}
