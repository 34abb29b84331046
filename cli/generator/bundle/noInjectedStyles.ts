import type { Plugin } from 'vite'
import { internalError } from '../../errors.ts'

/** sonner's injected <style> is blocked by the policy: the call is taken out (SiteToaster.tsx imports its CSS), and the build stops if sonner injects another way. */
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
