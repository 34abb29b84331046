// How a page links its stylesheets, read by the combiner (combineStylesheets.ts) and by a rebuild
// that takes a page over (pagePlan.ts). A module apart: the output's survey thread reads pages
// with it and should not load what combining needs (postcss).

// Attributes may follow the href: the integrity the build adds last (cli/security/securePage.ts).
export const STYLESHEET = /<link rel="stylesheet" type="text\/css" href="([^"]+)"[^>]*>/g

/**
 * The files of the output folder a page's HTML links as stylesheets (its hrefs start with
 * `base`); the links naming what a combined file holds are not among them.
 */
export function linkedStylesheets(html: string, base: string): string[] {
  return [...headOf(html).matchAll(STYLESHEET)].map((match) => match[1]!.slice(base.length))
}

/** A page up to its </head> (all of it without one): vike links the stylesheets there, and the body, most of a page, is not searched. */
export function headOf(html: string): string {
  const end = html.indexOf('</head>')
  return end === -1 ? html : html.slice(0, end)
}
