// https://vike.dev/onBeforePrerenderStart
import { ROUTES } from '../../_lib/urls/routes.ts'
import { prerenderedUrls } from '../../_server/prerenderedUrls.ts'

/** The post pages to render (in a prerender thread, those of its share that changed). */
export default () => prerenderedUrls(ROUTES.blogPost)
