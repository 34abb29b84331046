import type { Plugin } from 'vite'
import { internalError } from '../../errors.ts'

/**
 * sonner injects its stylesheet as a <style>, which the pages' policy blocks: the call is taken out,
 * and SiteToaster.tsx imports sonner/dist/styles.css as a file. Should sonner inject another way, the
 * build stops here rather than ship an unstyled toaster.
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
