import { uiStrings, type UiStrings } from '../../pages/_lib/uiStrings.ts'
import type { SiteConfig } from './types.ts'

// The interface strings of a site as the CLI needs them (reading times, feed titles): resolved
// by the same function the pages use (pages/_lib/uiStrings.ts), from the validated config.

/** The interface strings of the site `config` describes. */
export const siteUiStrings = (config: Pick<SiteConfig, 'site' | 'ui'>): UiStrings => uiStrings(config.site.language, config.ui)

/** A post's computed reading time in the site's language, from its minutes ('6 min read'). */
export function siteReadTime(config: Pick<SiteConfig, 'site' | 'ui'>): (minutes: number) => string {
  const strings = siteUiStrings(config)
  return (minutes) => strings.text('minRead', { minutes })
}
