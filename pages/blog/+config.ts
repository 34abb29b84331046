// https://vike.dev/config
import type { Config } from 'vike/types'

// The blog is the one part of the site vike hydrates whole and routes in the browser, so a post
// opens in place (https://vike.dev/render-modes). Every other page is HTML-only (../+config.ts).
export default { clientHooks: true } satisfies Config
