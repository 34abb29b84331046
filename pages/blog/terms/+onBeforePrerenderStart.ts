// https://vike.dev/onBeforePrerenderStart
import { ROUTES } from '../../_lib/urls/routes.ts'
import { prerenderedUrls } from '../../_server/prerenderedUrls.ts'

/** The two indexes (in a prerender thread, those of their share that changed). */
export default () => prerenderedUrls(ROUTES.blogTerms)
