import { existsSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { localeRedirects } from '../../content/redirects/siteRedirects.ts'
import type { Post } from '../../content/types.ts'
import type { ImageStore } from '../../incremental/images/imageStore.ts'
import { postStatus } from '../../../pages/blog/postStatus.ts'
import type { BuildProfile } from '../buildProfile.ts'
import { localesOf, type SiteContent } from '../siteContent.ts'
import { writeSiteFiles, type SiteFile } from '../siteFiles/writeSiteFiles.ts'
import type { SiteFileRecord } from '../../incremental/siteFiles/siteFileRecord.ts'
import { outputFile, plannedPageUrls, withContentNamed, withFilesBeside, withSiteFiles, type BuildPlan, type RecordedSiteFile } from '../../incremental/planBuild.ts'
import { twinUrl, twinsBeside, writeMarkdownTwins } from '../siteFiles/writeMarkdownTwins.ts'
import { redirectPagePath } from '../siteFiles/redirectPage.ts'
import { sanitizeSvgFiles, type SvgOrigin } from '../../security/sanitizeSvgFiles.ts'
import type { SvgVerdicts } from '../../incremental/svg/svgVerdicts.ts'
import { placeCards, type CardsStage } from './startCards.ts'
import { placeSearch, type SearchStage } from './startSearch.ts'
import { siteUiStrings } from '../../content/locales/siteStrings.ts'

export interface WriteInput {
  /** The folder the prerender wrote the pages into. */
  client: string
  content: SiteContent
  base: string
  /** A post's body with its images (the feeds carry them), read as text when called (PostImages.body). */
  body(sourceFile: string): Promise<() => string>
  /** The posts' folder: a post's markdown twin is made from its file. */
  postsDir: string
  /** The site's static files, and the folder files are named from in errors (an SVG that cannot be published). */
  publicDir: string
  cwd: string
  /** The SVGs earlier builds found nothing to remove from (svgVerdicts.ts): not parsed again. */
  svgVerdicts?: SvgVerdicts
  /** The URL at which a post's page shows an image of its body (the twin links the same). */
  imageUrl(sourceFile: string, src: string): Promise<string>
  images: ImageStore
  cards: CardsStage
  search: SearchStage
  /** Files the output being updated in place already has (a rebuild), relative to it: for the plan of the content-named ones. */
  present: ReadonlySet<string>
  /** What the last build made of the site files it keyed (feeds, redirect pages, the shards' list…), for the plan: their keys, and what it recorded of each (by URL path). */
  record: SiteFileRecord
  recorded: ReadonlyMap<string, RecordedSiteFile>
  /** The build's plan (planBuild.ts): its site files are planned here, and kept as it says. */
  plan: BuildPlan
  cached: boolean
  /** Whether the output is updated in place (some page kept), not replaced whole. */
  updating: boolean
  /** The key of what the pages' data is made from, when the prerender planned its pages (SiteFilesInput.contentKey). */
  contentKey?: string
}

export interface Written {
  /** The redirect pages' files, relative to the output (counted apart from the pages). */
  redirectFiles: Set<string>
  /** The cards, search shards and site files (feeds, redirect pages, the shards' list…) the output already has, with their sizes: it keeps them. */
  kept: [file: string, size: number][]
  /** The key of each file made from posts, by URL path, to record once the output is in place (siteFileRecord.ts). */
  siteFileKeys: Map<string, string>
  /** The plan, with the markdown twins, the site files and the content-named files. */
  plan: BuildPlan
}

/** The write stage: site files, twins, redirect pages, public/, image variants, cards and search index, as the plan says; every SVG made safe. */
export async function writeOutput({ client, content, base, body, postsDir, publicDir, cwd, svgVerdicts, imageUrl, images, cards, search, present, record, recorded, contentKey, plan: given, cached, updating }: WriteInput, profile: BuildProfile): Promise<Written> {
  const { config } = content
  const locales = localesOf(content)
  const posts = locales.flatMap((locale) => locale.posts)
  const timed = async <T>(part: string, work: () => T | Promise<T>): Promise<T> => {
    const start = performance.now()
    const result = await work()
    profile.add(`write.${part}`, performance.now() - start)
    return result
  }
  // Each post with its body, read only where what is made again shows it (a feed it is in): in a rebuild most bodies come from the post cache as bytes, and stay so (postCache.ts).
  const bodies = await Promise.all(posts.map((post) => body(post.sourceFile)))
  const bodyOf = new Map(posts.map((post, at) => [post, bodies[at]!]))
  const withBodies = locales.map((locale) => ({ ...locale, posts: locale.posts.map((post): Post => Object.defineProperty({ ...post }, 'html', { get: bodyOf.get(post)!, enumerable: true })) }))
  // The site's pages are the plan's (those taken over from dist/ are not in the new folder): every URL the site announces, in the sitemap, llms.txt or a redirect, is one of them.
  const siteUrls = plannedPageUrls(given)
  const redirects = localeRedirects(locales, config.redirects, new Set(siteUrls))
  const redirectFiles = new Set(redirects.map(({ from }) => outputFile(redirectPagePath(from))))
  // Never a draft's or scheduled post's twin; a twin takes its page's action (pagePlan.ts records it with the page).
  const published = locales.map(({ locale, config: localeConfig, posts: localePosts }) => ({ locale, config: localeConfig, posts: localePosts.filter((post) => postStatus(post, content.buildDate) === undefined) }))
  let plan = withFilesBeside(given, twinsBeside(published))
  const twinned = published.map(({ locale, config: localeConfig, posts: shown }) => ({ locale, strings: siteUiStrings(localeConfig), posts: shown.filter((post) => plan.files.get(outputFile(twinUrl(post.slug, locale)))!.action === 'written') }))
  // A feed or a redirect page the output has as this build would make it stays (a rebuild whose edit is in no feed): the plan says which.
  const siteFileKeys = new Map<string, string>()
  const keptFiles: [file: string, size: number][] = []
  const keep = (files: ReadonlyMap<string, SiteFile>) => {
    const keys = new Map([...files].map(([urlPath, file]) => [urlPath, record.keyOf(urlPath, file)]))
    for (const [urlPath, key] of keys) if (key) siteFileKeys.set(urlPath, key)
    plan = withSiteFiles(plan, { keys, recorded, cached, updating })
    const kept = new Set<string>()
    for (const urlPath of keys.keys()) {
      const file = outputFile(urlPath)
      if (plan.files.get(file)?.action !== 'kept') continue
      kept.add(urlPath)
      keptFiles.push([file, recorded.get(urlPath)!.size])
    }
    return kept
  }
  await Promise.all([
    timed('feeds, sitemap and other files', () => writeSiteFiles(client, { ...content, posts: withBodies[0]!.posts, locales: withBodies, base, redirects, contentKey }, siteUrls, { keep })),
    timed('markdown twins (beside)', () => Promise.all(twinned.map(({ locale, strings, posts: twins }) => writeMarkdownTwins({ root: client, posts: twins, postsDir, siteUrl: config.site.url, base, imageUrl, locale, strings })))),
  ])
  await timed('images published', () => images.publish(client))
  // Opened on its own, an SVG is a document of the site's origin: none may run script there.
  await timed('SVGs made safe', () => sanitizeSvgFiles(client, { origin: svgOrigin({ images, publicDir, postsDir, cwd, posts, bodies }), verdicts: svgVerdicts }))
  // A card or a search shard's file the output has is the same file: its name is its content.
  const keepContentNamed = (names: readonly string[]) => {
    plan = withContentNamed(plan, names, { present, cached, updating })
    return new Set(names.filter((file) => plan.files.get(file)!.action === 'kept'))
  }
  const keptCards = await placeCards(cards, client, keepContentNamed, profile)
  const keptSearch = await timed('search index placed', () => placeSearch(search, client, { contentNamed: keepContentNamed, siteFiles: keep }, profile))
  return { redirectFiles, kept: [...keptCards, ...keptSearch, ...keptFiles], siteFileKeys, plan }
}

/** Where an output SVG comes from, for an error: the writer's file or its place in the output, and the posts showing it (looked for only then). */
function svgOrigin({ images, publicDir, postsDir, cwd, posts, bodies }: { images: ImageStore; publicDir: string; postsDir: string; cwd: string; posts: Post[]; bodies: (() => string)[] }): SvgOrigin {
  const shown = (path: string) => relative(cwd, path) || path
  return (file) => {
    const url = `/${file.split(sep).join('/')}`
    const source = images.sourceOf(url) ?? (existsSync(join(publicDir, file)) ? join(publicDir, file) : undefined)
    const shows = (post: Post, at: number) => [post.image, post.lightImage, post.darkImage].includes(url) || bodies[at]!().includes(`"${url}"`)
    return { shown: source ? shown(source) : file, usedBy: () => posts.filter(shows).map((post) => shown(join(postsDir, post.sourceFile))) }
  }
}
