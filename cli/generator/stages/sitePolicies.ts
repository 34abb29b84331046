import type { Post, SiteConfig } from '../../content/types.ts'
import { DEFAULT_THEME, themeStorageKey } from '../../../pages/_lib/theme.ts'
import { addOrigin, pagePolicies, type PagePolicies } from '../../security/sitePolicies.ts'
import { compileEarlyScript } from '../compileEarlyScript.ts'

/**
 * The policies stage: each page's Content-Security-Policy, from the inline script the build
 * writes and the remote hosts the config and the posts name (their covers, their bodies' images).
 */
export function sitePolicies({ config, posts, remoteImages }: { config: SiteConfig; posts: Post[]; remoteImages: string[] }): PagePolicies {
  const bodyImageOrigins = new Set<string>()
  for (const url of remoteImages) addOrigin(bodyImageOrigins, url)
  const earlyScript = compileEarlyScript(themeStorageKey(config.brand.name), DEFAULT_THEME)
  return pagePolicies({ config, posts, bodyImageOrigins, earlyScript })
}
