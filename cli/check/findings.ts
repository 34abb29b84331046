// What `kube-site check` reports. Codes are stable (CI may filter on them); the severity of each is decided here, once: an error fails the check (exit 1), a warning does not.

export type Severity = 'error' | 'warning'

/** Every finding code with its severity; README.md "Checking a site" explains each. */
export const SEVERITY = {
  // Content: the same problems `kube-site build` stops on, all of them in one run.
  CONFIG_NOT_FOUND: 'error',
  CONFIG_LOAD_FAILED: 'error',
  CONFIG_INVALID: 'error',
  POSTS_DIR_NOT_FOUND: 'error',
  POST_INVALID: 'error',
  POSTS_LOCALE_UNKNOWN: 'error',
  // Content that builds but reads wrong on the site: tags and authors across posts (termFindings.ts).
  TAG_SPELLING: 'warning',
  TAG_WITHOUT_PAGE: 'warning',
  AUTHOR_WITHOUT_PAGE: 'warning',
  UNMATCHED_AUTHOR: 'warning',
  // An interface string shown in English on a site in another language (uiStringFindings.ts).
  UI_STRING_FALLBACK: 'warning',
  // A text of the config a locale shows in the default's language: its copy does not give it (copyFindings.ts).
  COPY_FALLBACK: 'warning',
  // A translation that names its original by an old slug (the original's redirectFrom): linked, but by a name that may go (translationFindings.ts).
  TRANSLATION_OF_OLD_SLUG: 'warning',
  // The built site, as object storage serves it.
  BROKEN_LINK: 'error',
  BROKEN_ANCHOR: 'error',
  LINK_NEEDS_REDIRECT: 'error',
  MISSING_IMAGE: 'error',
  MISSING_ASSET: 'error',
  BROKEN_CANONICAL: 'error',
  // A redirect page (cli/generator/siteFiles/redirectPage.ts) must land on a page in one hop.
  BROKEN_REDIRECT: 'error',
  REDIRECT_CHAIN: 'error',
  REDIRECT_LOOP: 'error',
  // A missing title leaves a page unnamed; a missing alt reads out the file name (WCAG 2.4.2, 1.1.1).
  MISSING_TITLE: 'error',
  IMAGE_WITHOUT_ALT: 'error',
  // An id on two elements: the second is unreachable, and the page's own (vike's, the skip link's) may be the one lost.
  DUPLICATE_ID: 'error',
  // What the page's own Content-Security-Policy would block (cli/security/policyBreaches.ts): a page the build would refuse, edited by hand or built before.
  POLICY_BREACH: 'error',
  // A control character (raw or as a reference) a build refuses in a post (controlCharacters.ts).
  CONTROL_CHARACTER: 'error',
  // The blog's search (checkSearchIndex.ts): a file it loads missing, a post it cannot find, a result that leads nowhere.
  SEARCH_INDEX_MISSING: 'error',
  SEARCH_INDEX_INCOMPLETE: 'error',
  SEARCH_INDEX_STALE: 'error',
  // What the site announces names only what the build wrote, never a redirect, and each hreflang set holds together (checkAnnounced.ts).
  BROKEN_ANNOUNCED_URL: 'error',
  ANNOUNCED_REDIRECT: 'error',
  HREFLANG_WITHOUT_SELF: 'error',
  HREFLANG_WITHOUT_X_DEFAULT: 'error',
  HREFLANG_NOT_RECIPROCAL: 'error',
  // The page works; search results are worse for it.
  MISSING_DESCRIPTION: 'warning',
  DUPLICATE_TITLE: 'warning',
  // A remote image (never fetched at build) without width and height: the page shifts when it loads.
  REMOTE_IMAGE_WITHOUT_SIZE: 'warning',
  // What the build takes out for security (securityFindings.ts): an SVG's script and external references, a post's inline styles.
  UNSAFE_SVG: 'warning',
  // An SVG the build cannot read, and so cannot publish (not XML, an entity bomb): the build stops on it.
  SVG_INVALID: 'error',
  POST_STYLE_REMOVED: 'warning',
  // Works, through a redirect: one more round trip than a link to the page itself.
  LINK_TO_REDIRECT: 'warning',
} as const satisfies Record<string, Severity>

export type FindingCode = keyof typeof SEVERITY

export interface Finding {
  severity: Severity
  code: FindingCode
  /** URL of the page the problem is on (with the base), for problems of the built site. */
  page?: string
  /** The URL as written in the page (or the title, for DUPLICATE_TITLE). */
  target?: string
  message: string
  /** For content problems: the file, with line and column where known. */
  file?: string
  line?: number
  column?: number
  hint?: string
  /** A few lines of the file around the problem. */
  frame?: string
}

/** A finding with the severity its code has. */
export function finding(code: FindingCode, fields: Omit<Finding, 'severity' | 'code'>): Finding {
  return { severity: SEVERITY[code], code, ...fields }
}

export function isFindingCode(code: string): code is FindingCode {
  return Object.hasOwn(SEVERITY, code)
}

/** Drops repeats: each (code, target) once per page or file, first occurrence kept. */
export function dedupeFindings(findings: Finding[]): Finding[] {
  const seen = new Set<string>()
  return findings.filter((item) => {
    const key = JSON.stringify([item.page ?? item.file, item.code, item.target ?? item.message])
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Everything one check found, in the shape `--json` prints. */
export interface CheckReport {
  ok: boolean
  errors: number
  warnings: number
  /** HTML pages of the out folder read; 0 when the crawl was skipped. */
  pagesChecked: number
  /** False when the out folder did not exist and only the content was validated. */
  crawled: boolean
  findings: Finding[]
}

/** Counts the findings into a report. */
export function toReport(findings: Finding[], pagesChecked: number, crawled: boolean): CheckReport {
  const errors = findings.filter((item) => item.severity === 'error').length
  return { ok: errors === 0, errors, warnings: findings.length - errors, pagesChecked, crawled, findings }
}
