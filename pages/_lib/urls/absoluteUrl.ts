// Absolute URLs for what leaves the page (canonical, Open Graph, feeds, sitemap), the same for the pages and the generator.

/** The sitemap of every public page. */
export const SITEMAP_URL = '/sitemap.xml'
/** The crawler rules, pointing at the sitemap. */
export const ROBOTS_URL = '/robots.txt'
/** The site for AI agents and LLM tools, as the llms.txt proposal lays it out (cli/generator/siteFiles/llmsTxt.ts). */
export const LLMS_TXT_URL = '/llms.txt'

/** A page's path as the site writes it, with its trailing slash ('/pricing' → '/pricing/'); files keep theirs. */
export function pagePath(path: string): string {
  return path.endsWith('/') || /\.[a-z\d]+$/i.test(path) ? path : `${path}/`
}

/** 'https://example.com' + '/marketing/' + '/blog/' → 'https://example.com/marketing/blog/'. URLs with a scheme are kept. */
export function absoluteUrl(siteUrl: string, base: string, path: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(path)) return path
  const prefix = base.replace(/\/+$/, '')
  return new URL(`${prefix}${path.startsWith('/') ? path : `/${path}`}`, siteUrl).href
}
