import type { SiteContent } from '../../cli/generator/siteContent.ts'

const KEY = Symbol.for('kube-site.siteContent')

/** The content the CLI loaded (config, posts, build date), for server hooks only. */
export function getSiteContent(): SiteContent {
  const content = (globalThis as Record<symbol, unknown>)[KEY] as SiteContent | undefined
  if (!content) throw new Error('kube-site: site content is not loaded. Pages are rendered through `kube-site build` or `kube-site dev`.')
  return content
}
