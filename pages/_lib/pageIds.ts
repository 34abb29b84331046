// The ids the page around a post sets itself, the one list: a post's body shares its page's ids, and an id of the post equal to one would be found first by
// `#main`, getElementById and vike's hydration. The post renderer keeps these and React's ids from a post (cli/content; tests/cli/pageIds.test.ts).

/** The main landmark, which the skip link leads to (+Layout.tsx). */
export const MAIN_ID = 'main'

/** The heading of the posts offered after a post (RelatedPosts.tsx). */
export const READ_NEXT_ID = 'read-next'

/** The element vike-react renders the page into, and hydrates by (its onRenderHtml and onRenderClient; not configurable). */
export const ROOT_ID = 'root'

/** The scripts vike writes the serialized contexts into (its shared-server-client/htmlElementIds.js; pageIds.test.tsx fails if an upgrade changes them). */
export const VIKE_PAGE_CONTEXT_ID = 'vike_pageContext'
export const VIKE_GLOBAL_CONTEXT_ID = 'vike_globalContext'

/** Every id above. */
export const PAGE_IDS: ReadonlySet<string> = new Set([MAIN_ID, READ_NEXT_ID, ROOT_ID, VIKE_PAGE_CONTEXT_ID, VIKE_GLOBAL_CONTEXT_ID])

/** How React's useId ids start: `_R_` rendered on the server, `_r_` mounted in the browser (react-dom 19.2 on; pageIds.test.tsx checks). */
export const REACT_ID_PREFIXES = ['_R_', '_r_'] as const

/** Whether `id` is one of the page's own ids (PAGE_IDS), or in the form of the ids React makes for it. */
export function isPageId(id: string): boolean {
  return PAGE_IDS.has(id) || REACT_ID_PREFIXES.some((prefix) => id.startsWith(prefix))
}
