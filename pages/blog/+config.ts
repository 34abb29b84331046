// https://vike.dev/config
import type { Config } from 'vike/types'

// The blog is the one part vike hydrates whole and routes in the browser, so a post opens in place (https://vike.dev/render-modes).
export default { clientHooks: true } satisfies Config
