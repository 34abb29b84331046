import type { HreflangLink } from './extractLinks.ts'
import { finding, type Finding } from './findings.ts'

// Hreflang as search engines read it (I18N-NOTES.md): a (language, URL) set every version announces alike, with x-default; in the head and the sitemap alike.

/** One page's hreflang set, from its head or from its sitemap `<url>`. */
export interface HreflangSet {
  /** Where it is written: the page's URL, or the sitemap's (the findings' page). */
  at: string
  /** The page it is the set of, absolute: the page itself, or the `<url>`'s `<loc>`. */
  self: string
  /** Each link, its href absolute. */
  links: readonly HreflangLink[]
  /** In a page's head, or in the sitemap. */
  source: 'head' | 'sitemap'
}

/** The set the page at `href` announces in the same source (undefined: none); 'unknown' when no page of the site is there to ask. */
export type SetLookup = (href: string) => HreflangSet | undefined | 'unknown'

/** HREFLANG_WITHOUT_SELF, HREFLANG_WITHOUT_X_DEFAULT and HREFLANG_NOT_RECIPROCAL of one set. */
export function hreflangFindings(set: HreflangSet, setAt: SetLookup): Finding[] {
  const { at, self, links } = set
  const named = set.source === 'head' ? 'this page' : self
  const own = set.source === 'head' ? `its hreflang links (${languages(links)})` : `the alternates of ${self} (${languages(links)})`
  const findings: Finding[] = []
  if (!links.some((link) => link.href === self)) {
    findings.push(finding('HREFLANG_WITHOUT_SELF', { page: at, target: self, message: `${own} do not name ${named} itself: search engines ignore a set without the page it is on`, hint: HINT }))
  }
  if (!links.some((link) => link.hreflang.toLowerCase() === 'x-default')) {
    findings.push(finding('HREFLANG_WITHOUT_X_DEFAULT', { page: at, target: self, message: `${own} have no x-default, the version for a reader of any other language`, hint: HINT }))
  }
  const ours = pairs(links)
  // Each page the set names, once (the default's page is named by its language and by x-default).
  const asked = new Set<string>([self])
  for (const link of links) {
    if (asked.has(link.href)) continue
    asked.add(link.href)
    const theirs = setAt(link.href)
    if (theirs === 'unknown') continue
    const names = `${set.source === 'head' ? '' : `the alternates of ${self}: `}hreflang="${link.hreflang}" names ${link.href}`
    const problem =
      theirs === undefined || !theirs.links.some((back) => back.href === self)
        ? `which does not name ${named} back${theirs === undefined && set.source === 'sitemap' ? ' (it has no <url> with alternates)' : ''}: search engines ignore the pair`
        : difference(ours, pairs(theirs.links), set.source === 'head' ? 'that page' : link.href)
    if (problem) findings.push(finding('HREFLANG_NOT_RECIPROCAL', { page: at, target: link.href, message: `${names}, ${problem}`, hint: HINT }))
  }
  return findings
}

const HINT = 'kube-site writes every hreflang set from one list of translations: build the site again (kube-site build); if a fresh build still has this, please report it as a bug of kube-site.'

const languages = (links: readonly HreflangLink[]) => links.map((link) => link.hreflang).join(', ')

/** A set as its pairs, 'de https://…/de/', the language in lower case (hreflang is not case-sensitive). */
const pairs = (links: readonly HreflangLink[]) => new Set(links.map((link) => `${link.hreflang.toLowerCase()} ${link.href}`))

/** What a page named by a set has in its own set that differs, or '' when the two are the same. */
function difference(ours: ReadonlySet<string>, theirs: ReadonlySet<string>, them: string): string {
  const lacks = [...ours].filter((pair) => !theirs.has(pair))
  const adds = [...theirs].filter((pair) => !ours.has(pair))
  if (lacks.length === 0 && adds.length === 0) return ''
  const parts = [lacks.length > 0 && `lacks ${lacks.join(', ')}`, adds.length > 0 && `has ${adds.join(', ')} besides`].filter(Boolean)
  return `whose set is not the same: ${them}'s ${parts.join(' and ')}`
}
