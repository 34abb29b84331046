// https://vike.dev/onBeforeRenderClient (vike-react): the blog hydrates right after it; a button clicked before is clicked again once live.
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
