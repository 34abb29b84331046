// https://vike.dev/onBeforePrerenderStart
import { ROUTES } from '../../_lib/urls/routes.ts'
import { prerenderedUrls } from '../../_server/prerenderedUrls.ts'

/** The list pages to render: the blog's, each tag's and each author's (in a prerender thread, those of its share that changed). */
export default () => prerenderedUrls(ROUTES.blogList)
