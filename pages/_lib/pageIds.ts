// The ids the page around a post sets itself. A post's body shares its page's ids: a heading, a
// `{#id}` or a raw HTML id equal to one of these would leave the page two elements with that id,
// and the first (the post's) is the one `#main`, `getElementById` and vike's hydration find. The
// components import their ids from here, so this module is the list; a build of a post page
// checks that no other id is outside the post's body (tests/cli/pageIds.test.ts), and the post
// renderer keeps every id here, and every id in React's form, from a post (cli/content).

/** The main landmark, which the skip link leads to (+Layout.tsx). */
export const MAIN_ID = 'main'

/** The heading of the posts offered after a post (RelatedPosts.tsx). */
export const READ_NEXT_ID = 'read-next'

/** The element vike-react renders the page into, and hydrates by (its onRenderHtml and onRenderClient; not configurable). */
export const ROOT_ID = 'root'

/**
 * The script elements vike writes the page's and the app's serialized context into, read back by
 * its client and by a move in place (pageFromHtml.ts). vike decides them in its
 * shared-server-client/htmlElementIds.js: pageIds.test.tsx fails if an upgrade changes them.
 */
export const VIKE_PAGE_CONTEXT_ID = 'vike_pageContext'
export const VIKE_GLOBAL_CONTEXT_ID = 'vike_globalContext'

/** Every id above. */
export const PAGE_IDS: ReadonlySet<string> = new Set([MAIN_ID, READ_NEXT_ID, ROOT_ID, VIKE_PAGE_CONTEXT_ID, VIKE_GLOBAL_CONTEXT_ID])

/**
 * How the ids React's useId makes start (SearchBox's `${id}-input` too): `_R_` and the tree's
 * place in a render on the server (then hydrated as it is), `_r_` and a count in a component
 * mounted in the browser (react-dom 19.2 and later; pageIds.test.tsx checks the version installed).
 */
export const REACT_ID_PREFIXES = ['_R_', '_r_'] as const

/** Whether `id` is one of the page's own ids (PAGE_IDS), or in the form of the ids React makes for it. */
export function isPageId(id: string): boolean {
  return PAGE_IDS.has(id) || REACT_ID_PREFIXES.some((prefix) => id.startsWith(prefix))
}
