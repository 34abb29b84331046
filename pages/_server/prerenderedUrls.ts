import { localePages, type Route } from '../_lib/urls/routes.ts'
import { getSiteContent } from './getSiteContent.server.ts'

/** The URLs a route's +onBeforePrerenderStart prerenders: its pages in every locale (localePages), or a prerender thread's changed share of them. */
export async function prerenderedUrls(route: Route): Promise<string[]> {
  const content = getSiteContent()
  const { prerender } = content
  await prerender?.ready()
  const urls = localePages(route, content).map((page) => page.key)
  return prerender ? urls.filter((url) => prerender.renders(url)) : urls
}
