import { isAbsolute, join, relative, sep } from 'node:path'
import { KubeSiteError } from '../errors.ts'
import { today } from '../content/frontmatter/dates.ts'
import { loadSiteConfig } from '../content/config/loadSiteConfig.ts'
import { isPostFile, loadPostFile, type LoadResult } from '../content/posts/loadPosts.ts'
import { createMarkdownRenderer } from '../content/markdown/renderMarkdown.ts'
import { localeConfigs, type LocaleConfig } from '../content/locales/localeConfigs.ts'
import { collectSitePosts, loadSitePostResults, localeReads, readOf, type LocaleRead } from '../content/posts/loadSitePosts.ts'
import { localName } from '../content/locales/translations.ts'
import { localeContents } from '../generator/localeContents.ts'
import { createFingerprint } from '../incremental/fingerprint.ts'
import { localeRedirects } from '../content/redirects/siteRedirects.ts'
import type { SiteConfig } from '../content/types.ts'
import { siteBodyLabels, siteUiStrings } from '../content/locales/siteStrings.ts'
import { localesOf, setSiteContent, type SiteContent } from '../generator/siteContent.ts'
import { sitePageUrls } from '../../pages/_lib/urls/routes.ts'
import { toolRoot } from '../toolRoot.ts'
import { createDevImageStore } from '../images/devImageStore.ts'
import { placeBody, postImagesContext } from '../content/posts/postBody.ts'
import { placeCovers, shownImageUrl } from '../images/postImages.ts'
import { postMarkdownTwin, twinUrl } from '../generator/siteFiles/writeMarkdownTwins.ts'
import { postStatus } from '../../pages/blog/postStatus.ts'
import { sitePolicies } from '../generator/stages/sitePolicies.ts'
import { siteEarlyScript } from '../generator/bundle/compileEarlyScript.ts'
import type { PagePolicies } from '../security/sitePolicies.ts'

/** What the pages' policies are made from, but the inline script. */
type PolicyContent = Omit<Parameters<typeof sitePolicies>[0], 'earlyScript'>

export interface ContentStateOptions {
  configFile: string
  postsDir: string
  drafts: boolean
  cwd: string
}

/** A dev server's content kept current: only a changed post is read again; a broken file keeps the last good content until fixed (loadSitePosts.ts). */
export function createContentState(options: ContentStateOptions) {
  // The words a body writes itself follow each locale's language: a change of them renders the posts again.
  let labels = ''
  // Every locale of the site with its config, the default first, and how each one's posts are read.
  let locales: LocaleConfig[] = []
  let reads: LocaleRead[] = []
  const readsNow = (day?: string) =>
    (reads = localeReads(options.postsDir, locales, { includeDrafts: options.drafts, today: day, cwd: options.cwd, site: config && { config, file: options.configFile } }))
  const readAt = (name: string) => (reads.length > 0 ? readOf(reads, name) : undefined)
  const isPostName = (name: string) => isPostFile(localName(name, readAt(name)))
  // Each post as rendered, and with its images placed (see content/posts/postBody.ts).
  const rendered = new Map<string, LoadResult>()
  const files = new Map<string, LoadResult>()
  const publicDir = join(toolRoot, 'public')
  const site = { postsDir: options.postsDir, publicDir, cwd: options.cwd, store: createDevImageStore(options.postsDir, publicDir) }
  const place = async (name: string) => {
    const result = rendered.get(name)
    if (!result || !('post' in result)) return result && files.set(name, result)
    const covered = await placeCovers(result.post, postImagesContext(name, site))
    if ('problems' in covered) return files.set(name, covered)
    const placed = await placeBody(result.post, result.post.html, site)
    files.set(name, 'problems' in placed ? placed : { ...result, post: { ...covered.post, html: placed.html } })
    remoteImages.set(name, 'remote' in placed ? (placed.remote ?? []) : [])
  }
  let config: SiteConfig | undefined
  let configDependencies: string[] = []
  let configError: unknown
  let postsError: unknown
  // Whether the posts were asked for: a config that comes to load afterwards reads them again.
  let postsAsked = false
  // Old URL → the page it leads to, both without the base, as the build writes them.
  let redirects = new Map<string, string>()
  // The site's pages, as URL paths: those the build writes (its sitemap's, llms.txt's).
  let pages: string[] = []
  // The remote images each post's body names, and the pages' policies they and the config make, with the inline script they were made for.
  const remoteImages = new Map<string, string[]>()
  let policies: { from: PolicyContent; earlyScript: string; policies: PagePolicies } | undefined
  const makePolicies = (from: PolicyContent) => {
    const earlyScript = siteEarlyScript(from.config)
    return { from, earlyScript, policies: sitePolicies({ ...from, earlyScript }) }
  }
  let published: SiteContent | undefined

  const publish = () => {
    if (!config) return
    try {
      const day = today()
      const posts = collectSitePosts(files, options.postsDir, readsNow(day))
      const byLocale = localeContents(locales, posts)
      const content: SiteContent = { config, posts: byLocale[0]!.posts, locale: byLocale[0]!.locale, locales: byLocale, buildDate: day, includeDrafts: options.drafts }
      pages = sitePageUrls(content)
      redirects = new Map(localeRedirects(byLocale, config.redirects, new Set(pages)).map(({ from, to }) => [from, to]))
      postsError = undefined
      policies = makePolicies({ config, posts, remoteImages: [...remoteImages.values()].flat() })
      published = content
      setSiteContent(content)
    } catch (error) {
      postsError = error
    }
  }

  return {
    /** Loads everything; problems are kept as the state's error, not thrown. */
    async load(): Promise<void> {
      await this.reloadConfig()
      await this.loadPosts()
    },
    /** Reads and renders every post, after the config; problems are kept as the state's error. */
    async loadPosts(): Promise<void> {
      postsAsked = true
      if (!config) return
      try {
        // Posts unchanged since the last build come from the post cache; the others render in a worker while vite starts.
        const results = await loadSitePostResults(options.postsDir, readsNow(), createFingerprint())
        // All of them again: a locale the config no longer has leaves no post behind in another's.
        rendered.clear()
        files.clear()
        remoteImages.clear()
        for (const [name, result] of results) {
          rendered.set(name, result)
          await place(name)
        }
        publish()
      } catch (error) {
        postsError = error
      }
    },
    async reloadConfig(): Promise<void> {
      try {
        const loaded = await loadSiteConfig(options.configFile, options.cwd)
        config = loaded.config
        configDependencies = loaded.dependencies
        configError = undefined
        locales = localeConfigs(config)
        const next = JSON.stringify(locales.map(({ locale, config: localeConfig }) => [locale.code, siteBodyLabels(localeConfig)]))
        const relabelled = next !== labels
        labels = next
        publish()
        if (relabelled && postsAsked) await this.loadPosts()
      } catch (error) {
        configError = error
      }
    },
    /** Reads one post file again after it was added, changed or deleted. */
    async reloadPost(file: string, exists: boolean): Promise<void> {
      const name = relative(options.postsDir, file)
      // A post read before goes whatever its folder is now (its locale may have left the config).
      if (!(exists ? isPostName(name) : rendered.has(name))) return
      if (exists) {
        const read = readAt(name)
        rendered.set(name, await loadPostFile(options.postsDir, name, options.cwd, createMarkdownRenderer({ labels: read?.options.bodyLabels }), read?.options.locale))
        await place(name)
      } else {
        rendered.delete(name)
        files.delete(name)
        remoteImages.delete(name)
      }
      publish()
    },
    /** Places the images of every post again after a file beside the posts (an image) changed. */
    async reloadImages(): Promise<void> {
      for (const name of rendered.keys()) await place(name)
      publish()
    },
    /** Whether a path is a post file, another file beside the posts (an image), the config or a file the config imports. */
    kindOf(file: string): 'post' | 'image' | 'config' | undefined {
      if (file === options.configFile || configDependencies.includes(file)) return 'config'
      const name = relative(options.postsDir, file)
      if (name.startsWith('..') || isAbsolute(name) || name.split(sep).some((part) => part.startsWith('.'))) return undefined
      return isPostName(name) ? 'post' : name.endsWith('.md') ? undefined : 'image'
    },
    get config() {
      return config
    },
    /** The files a dev server watches for the site: the posts folder, the config and the files it imports. */
    get inputs(): string[] {
      return [options.postsDir, options.configFile, ...configDependencies]
    },
    /** The site's pages as URL paths, sorted, as the build writes them: those of the last good content. */
    get pages(): readonly string[] {
      return pages
    },
    /** The site's redirects, old URL → page, both without the base: those of the last good content. */
    get redirects(): ReadonlyMap<string, string> {
      return redirects
    },
    /** The site's content as the pages show it: the last good one. */
    get content(): SiteContent | undefined {
      return published
    },
    /** The markdown twin at `path` (a site path: /de/blog/<slug>/index.md), a published post's in its locale, as the build writes it (writeMarkdownTwins.ts); none for a draft. */
    async markdownTwin(path: string, base: string): Promise<string | undefined> {
      for (const { locale, config: localeConfig, posts } of published ? localesOf(published) : []) {
        const post = posts.find((candidate) => twinUrl(candidate.slug, locale) === path)
        if (!post || postStatus(post, published!.buildDate) !== undefined) continue
        return postMarkdownTwin(post, { postsDir: options.postsDir, siteUrl: published!.config.site.url, base, locale, strings: siteUiStrings(localeConfig), imageUrl: (src) => shownImageUrl(src, postImagesContext(post.sourceFile, site)) })
      }
      return undefined
    },
    /** Each page's policy as the build gives it, from the last good content and earlyScript.ts as it is now. Throws what compiling it throws. */
    get policies(): PagePolicies | undefined {
      if (policies && siteEarlyScript(policies.from.config) !== policies.earlyScript) policies = makePolicies(policies.from)
      return policies?.policies
    },
    /** The current problem, config first: a KubeSiteError or anything thrown. */
    get error(): unknown {
      return configError ?? (config ? postsError : new KubeSiteError('CONFIG_INVALID', 'The site config could not be loaded'))
    },
  }
}

export type ContentState = ReturnType<typeof createContentState>
