import { join, relative } from 'node:path'
import { KubeSiteError, formatLocation } from '../errors.ts'
import { today } from '../content/frontmatter/dates.ts'
import { localeConfigs } from '../content/locales/localeConfigs.ts'
import { loadSitePosts } from '../content/posts/loadSitePosts.ts'
import { copyFindings } from './copyFindings.ts'
import { loadSiteConfig } from '../content/config/loadSiteConfig.ts'
import type { SiteConfig } from '../content/config/siteConfigSchema.ts'
import { finding, isFindingCode, type Finding } from './findings.ts'
import { termFindings, unmatchedAuthorFindings } from './termFindings.ts'
import { translationFindings } from './translationFindings.ts'
import { uiStringFindings } from './uiStringFindings.ts'
import { postStyleFindings, unsafeSvgFindings } from './securityFindings.ts'
import { toolRoot } from '../toolRoot.ts'

export interface ContentOptions {
  /** Absolute paths. */
  configFile: string
  postsDir: string
  /** Count drafts and scheduled posts among those the site would publish. */
  drafts: boolean
  cwd: string
  /** The build day that decides what is scheduled and how late an update may be (YYYY-MM-DD). Default: today. */
  today?: string
}

/** A post a build leaves out until its day: dated after the build day, and not a draft. */
export interface ScheduledPost {
  /** The post file, relative to the current directory. */
  file: string
  slug: string
  title: string
  date: string
}

export interface ContentCheck {
  findings: Finding[]
  /** The validated config, when it loaded. */
  config?: SiteConfig
  /** Posts the build would publish, when every post is valid. */
  posts?: number
  /** Posts that go live on a later day, soonest first, when every post is valid. */
  scheduled?: ScheduledPost[]
}

/** Validates the config and every locale's posts as the build does (loadSitePosts), collecting every problem of each. */
export async function validateContent(options: ContentOptions): Promise<ContentCheck> {
  // Every post, drafts included: the check reports what is scheduled whatever --drafts says.
  const day = options.today ?? today()
  const loading = loadSiteConfig(options.configFile, options.cwd)
  const [config, posts] = await Promise.allSettled([loading, loading.then((site) => loadSitePosts(options.postsDir, localeConfigs(site.config), { includeDrafts: true, today: day, cwd: options.cwd, site }))])
  const all = posts.status === 'fulfilled' ? posts.value : undefined
  const scheduled = all
    ?.filter((post) => !post.draft && post.date > day)
    .map((post) => ({ file: relative(options.cwd, join(options.postsDir, post.sourceFile)), slug: post.slug, title: post.title, date: post.date }))
    .sort((a, b) => (a.date === b.date ? a.title.localeCompare(b.title) : a.date < b.date ? -1 : 1))
  const site = config.status === 'fulfilled' ? config.value : undefined
  return {
    // What would stop a build first; then, when every post is valid, what reads wrong on the site.
    findings: [
      ...problemsOf(config),
      // The posts' problems once the config loads (else the posts were not read: that is its problem).
      ...(config.status === 'fulfilled' ? problemsOf(posts) : []),
      // Each locale's interface strings and copy that show in another language.
      ...(site ? localeConfigs(site.config).flatMap(({ locale, config: localeConfig }, index) => uiStringFindings(localeConfig, site.file, options.cwd, index === 0 ? undefined : { code: locale.code, index: index - 1 })) : []),
      ...(site ? copyFindings(site.config, site.file, options.cwd) : []),
      // Tags and authors are compared within a locale: a blog lists its own language's. The config's authors are every locale's: an entry is matched by a post of any.
      ...(all ? [...Map.groupBy(all, (post) => post.locale).values()].flatMap((posts) => termFindings(posts, { postsDir: options.postsDir, cwd: options.cwd })) : []),
      ...(all && site ? unmatchedAuthorFindings(all, site, options.cwd) : []),
      ...(all ? translationFindings(all, options.postsDir, options.cwd) : []),
      ...(all ? postStyleFindings(all.map((post) => join(options.postsDir, post.sourceFile)), options.cwd) : []),
      ...unsafeSvgFindings([join(toolRoot, 'public'), options.postsDir], options.cwd),
    ],
    config: site?.config,
    posts: all?.filter((post) => options.drafts || (!post.draft && post.date <= day)).length,
    scheduled,
  }
}

function problemsOf(result: PromiseSettledResult<unknown>): Finding[] {
  if (result.status === 'fulfilled') return []
  const error: unknown = result.reason
  // Anything but a user's mistake (a bug, a full disk) stops the check, as it stops a build.
  if (!(error instanceof KubeSiteError)) throw error
  const problems = error.problems.length > 0 ? error.problems : [error]
  return problems.map((problem) => {
    if (!isFindingCode(problem.code)) throw error
    const where = problem.location
    return finding(problem.code, {
      message: where ? `${formatLocation(where)} ${problem.message}` : problem.message,
      file: where?.file,
      line: where?.line,
      column: where?.column,
      hint: problem.hint,
      frame: problem.frame,
    })
  })
}
