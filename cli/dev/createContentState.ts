import { relative } from 'node:path'
import { KubeSiteError } from '../errors.ts'
import { today } from '../content/dates.ts'
import { loadSiteConfig } from '../content/loadSiteConfig.ts'
import { collectPosts, isPostFile, listPostFiles, loadPostFile, type LoadResult } from '../content/loadPosts.ts'
import { createMarkdownRenderer } from '../content/renderMarkdown.ts'
import { siteRedirects } from '../content/siteRedirects.ts'
import type { SiteConfig } from '../content/types.ts'
import { setSiteContent, type SiteContent } from '../generator/siteContent.ts'
import { pageUrls } from '../../pages/_lib/urls.ts'

export interface ContentStateOptions {
  configFile: string
  postsDir: string
  drafts: boolean
  cwd: string
}

/**
 * The site content of a dev server, kept current as files change: only the changed post is read
 * again, so a large blog still updates at once. A broken file leaves the last good content in
 * place and is reported until it is fixed.
 */
export function createContentState(options: ContentStateOptions) {
  const render = createMarkdownRenderer()
  const files = new Map<string, LoadResult>()
  let config: SiteConfig | undefined
  let configDependencies: string[] = []
  let configError: unknown
  let postsError: unknown
  // Old URL → the page it leads to, both without the base, as the build writes them.
  let redirects = new Map<string, string>()

  const publish = () => {
    if (!config) return
    try {
      const posts = collectPosts(files, options.postsDir, { includeDrafts: options.drafts, cwd: options.cwd, site: { config, file: options.configFile } })
      const pages = new Set(pageUrls(posts, config.blog))
      redirects = new Map(siteRedirects(posts, config.redirects, pages).map(({ from, to }) => [from, to]))
      postsError = undefined
      const content: SiteContent = { config, posts, buildDate: today(), includeDrafts: options.drafts }
      setSiteContent(content)
    } catch (error) {
      postsError = error
    }
  }

  return {
    /** Loads everything; problems are kept as the state's error, not thrown. */
    async load(): Promise<void> {
      await this.reloadConfig()
      try {
        for (const name of await listPostFiles(options.postsDir, options.cwd)) files.set(name, await loadPostFile(options.postsDir, name, options.cwd, render))
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
        publish()
      } catch (error) {
        configError = error
      }
    },
    /** Reads one post file again after it was added, changed or deleted. */
    async reloadPost(file: string, exists: boolean): Promise<void> {
      const name = relative(options.postsDir, file)
      if (name.includes('/') || !isPostFile(name)) return
      if (exists) files.set(name, await loadPostFile(options.postsDir, name, options.cwd, render))
      else files.delete(name)
      publish()
    },
    /** Whether a path is a post file, the config or a file the config imports. */
    kindOf(file: string): 'post' | 'config' | undefined {
      if (file === options.configFile || configDependencies.includes(file)) return 'config'
      const name = relative(options.postsDir, file)
      return !name.startsWith('..') && !name.includes('/') && isPostFile(name) ? 'post' : undefined
    },
    get config() {
      return config
    },
    /** The site's redirects, old URL → page, both without the base: those of the last good content. */
    get redirects(): ReadonlyMap<string, string> {
      return redirects
    },
    /** The current problem, config first: a KubeSiteError or anything thrown. */
    get error(): unknown {
      return configError ?? (config ? postsError : new KubeSiteError('CONFIG_INVALID', 'The site config could not be loaded'))
    },
  }
}

export type ContentState = ReturnType<typeof createContentState>
