import type { Plugin } from 'vite'
import { internalError } from '../../errors.ts'

/**
 * sonner puts its stylesheet into the page as a <style> element when it loads, which the pages'
 * Content-Security-Policy blocks (no 'unsafe-inline' in style-src). The call is taken out of its
 * code, and pages/_components/layout/SiteToaster.tsx imports the same rules as a file
 * (sonner/dist/styles.css), which vite serves from the site like any other stylesheet. Should a
 * version of sonner inject its styles another way, the build stops here rather than ship a
 * toaster that the policy leaves unstyled.
 */
export function noInjectedStyles(): Plugin {
  return {
    name: 'kube-site:no-injected-styles',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/ },
      handler(code, id) {
        const call = /\b__insertCSS\("(?:[^"\\]|\\.)*"\);?/
        if (!call.test(code)) throw internalError(`${id} no longer injects its styles with __insertCSS("…"): see cli/generator/bundle/noInjectedStyles.ts`)
        return { code: code.replace(call, ''), map: null }
      },
    },
  }
}
