import { uiStrings, type UiStrings } from '../../../pages/_lib/text/uiStrings.ts'
import type { SiteConfig } from '../types.ts'
import { CALLOUT_TYPES, type CalloutType } from '../markdown/callouts.ts'
import type { BodyLabels } from '../markdown/renderMarkdown.ts'
import { TOC_LABEL } from '../markdown/tableOfContents.ts'

// The interface strings the CLI needs, resolved from the validated config by the pages' own function (pages/_lib/text/uiStrings.ts).

/** The interface strings of the site `config` describes. */
export const siteUiStrings = (config: Pick<SiteConfig, 'site' | 'ui'>): UiStrings => uiStrings(config.site.language, config.ui)

/** A post's computed reading time in the site's language, from its minutes ('6 min read'). */
export function siteReadTime(config: Pick<SiteConfig, 'site' | 'ui'>): (minutes: number) => string {
  const strings = siteUiStrings(config)
  return (minutes) => strings.text('minRead', { minutes })
}

/** The words a body writes itself (callouts, the table of contents' label) in the site's language; none in English, so English posts and their cache key are unchanged. */
export function siteBodyLabels(config: Pick<SiteConfig, 'site' | 'ui'>): BodyLabels | undefined {
  const { text } = siteUiStrings(config)
  const labels: BodyLabels = {
    callouts: { note: text('calloutNote'), tip: text('calloutTip'), important: text('calloutImportant'), warning: text('calloutWarning'), caution: text('calloutCaution') },
    toc: text('tableOfContents'),
  }
  const english = Object.entries(CALLOUT_TYPES).every(([type, name]) => labels.callouts[type as CalloutType] === name) && labels.toc === TOC_LABEL
  return english ? undefined : labels
}

/** What the posts cache's key adds for bodies written in another language than English. */
export const bodyLabelsKey = (labels: BodyLabels | undefined): string | undefined => (labels ? `labels ${JSON.stringify(labels)}` : undefined)
