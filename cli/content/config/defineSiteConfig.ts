import type { SiteConfigInput } from './siteConfigSchema.ts'

/** Types site.config.ts for the editor; validation happens when the CLI loads it. */
export function defineSiteConfig(config: SiteConfigInput): SiteConfigInput {
  return config
}

export type { SiteConfig, SiteConfigInput } from './siteConfigSchema.ts'
