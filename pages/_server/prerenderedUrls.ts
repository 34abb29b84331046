import { localePages, type Route } from '../_lib/urls/routes.ts'
import { getSiteContent } from './getSiteContent.server.ts'

/**
 * The URLs of a route's pages to prerender, for its +onBeforePrerenderStart hook: every page the
 * route lists in every locale (routes.ts localePages), or in a prerender thread, those of its
 * share that changed.
 */
export async function prerenderedUrls(route: Route): Promise<string[]> {
  const content = getSiteContent()
  const { prerender } = content
  await prerender?.ready()
  const urls = localePages(route, content).map((page) => page.key)
  return prerender ? urls.filter((url) => prerender.renders(url)) : urls
}
