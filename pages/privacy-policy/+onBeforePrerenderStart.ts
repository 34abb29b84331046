// https://vike.dev/onBeforePrerenderStart
import { ROUTES } from '../_lib/urls/routes.ts'
import { prerenderedUrls } from '../_server/prerenderedUrls.ts'

/** The privacy policy in each locale that has it (vike finds the default locale's by its folder; the others' are under their prefix). */
export default () => prerenderedUrls(ROUTES.privacyPolicy)
