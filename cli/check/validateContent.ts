import { KubeSiteError, formatLocation } from '../errors.ts'
import { loadPosts } from '../content/loadPosts.ts'
import { loadSiteConfig } from '../content/loadSiteConfig.ts'
import type { SiteConfig } from '../content/siteConfigSchema.ts'
import { finding, isFindingCode, type Finding } from './findings.ts'

export interface ContentOptions {
  /** Absolute paths. */
  configFile: string
  postsDir: string
  /** Count drafts and scheduled posts among those the site would publish. */
  drafts: boolean
  cwd: string
}

export interface ContentCheck {
  findings: Finding[]
  /** The validated config, when it loaded. */
  config?: SiteConfig
  /** Posts the build would publish, when every post is valid. */
  posts?: number
}

/** Validates the config and every post, as the build does, but collects every problem of both. */
export async function validateContent(options: ContentOptions): Promise<ContentCheck> {
  const [config, posts] = await Promise.allSettled([
    loadSiteConfig(options.configFile, options.cwd),
    loadPosts(options.postsDir, { includeDrafts: options.drafts, cwd: options.cwd }),
  ])
  return {
    findings: [...problemsOf(config), ...problemsOf(posts)],
    config: config.status === 'fulfilled' ? config.value.config : undefined,
    posts: posts.status === 'fulfilled' ? posts.value.length : undefined,
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
