import type { Post, SiteConfig } from '../../content/types.ts'
import { addOrigin, pagePolicies, type PagePolicies } from '../../security/sitePolicies.ts'

/** The policies stage: each page's policy from the inline script the bundle holds and the remote hosts the config and posts name. */
export function sitePolicies({ config, posts, remoteImages, earlyScript }: { config: SiteConfig; posts: Post[]; remoteImages: string[]; earlyScript: string }): PagePolicies {
  const bodyImageOrigins = new Set<string>()
  for (const url of remoteImages) addOrigin(bodyImageOrigins, url)
  return pagePolicies({ config, posts, bodyImageOrigins, earlyScript })
}
