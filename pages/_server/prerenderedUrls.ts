import type { Route } from '../_lib/routes.ts'
import { getSiteContent } from './getSiteContent.server.ts'

/**
 * The URLs of a route's pages to prerender, for its +onBeforePrerenderStart hook: every page the
 * route lists (routes.ts), or in a prerender thread, those of its share that changed.
 */
export async function prerenderedUrls(route: Route): Promise<string[]> {
  const { posts, config, prerender } = getSiteContent()
  await prerender?.ready()
  const urls = route.pages(posts, config.blog).map((page) => page.key)
  return prerender ? urls.filter((url) => prerender.renders(url)) : urls
}
