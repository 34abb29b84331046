// https://vike.dev/onBeforePrerenderStart
import { ROUTES } from '../../_lib/urls/routes.ts'
import { prerenderedUrls } from '../../_server/prerenderedUrls.ts'

/** The search page (in a prerender thread, if in its share and changed). */
export default () => prerenderedUrls(ROUTES.blogSearch)
