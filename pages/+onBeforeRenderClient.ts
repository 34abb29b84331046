// https://vike.dev/onBeforeRenderClient (a vike-react setting)
// On the blog vike-react hydrates right after this hook: a button clicked before is clicked again once live.
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
