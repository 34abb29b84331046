// https://vike.dev/onBeforeRenderClient (a vike-react setting)
// On the blog, which vike hydrates whole: vike-react hydrates the page right after this hook, in
// the same task, so from then on React hears the page's clicks. A button clicked before (the
// blog's scripts may load long after the first paint) is clicked again once the page is live.
import type { PageContextClient } from 'vike/types'
import { takeEarlyClick } from './_lib/islands/island.tsx'

declare global {
  namespace Vike {
    interface PageContext {
      /** Clicks again the button clicked before hydration (see takeEarlyClick); +onHydrationEnd.ts calls it. */
      replayEarlyClick?: () => void
    }
  }
}

export default function onBeforeRenderClient(pageContext: PageContextClient) {
  if (pageContext.isHydration) pageContext.replayEarlyClick = takeEarlyClick(document.documentElement)
}
