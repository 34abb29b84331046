import type { Post, SiteConfig } from '../../content/types.ts'
import { addOrigin, pagePolicies, type PagePolicies } from '../../security/sitePolicies.ts'

/**
 * The policies stage: each page's Content-Security-Policy, from the inline script the build
 * writes (siteEarlyScript, as the bundle holds it) and the remote hosts the config and the posts
 * name (their covers, their bodies' images).
 */
export function sitePolicies({ config, posts, remoteImages, earlyScript }: { config: SiteConfig; posts: Post[]; remoteImages: string[]; earlyScript: string }): PagePolicies {
  const bodyImageOrigins = new Set<string>()
  for (const url of remoteImages) addOrigin(bodyImageOrigins, url)
  return pagePolicies({ config, posts, bodyImageOrigins, earlyScript })
}
