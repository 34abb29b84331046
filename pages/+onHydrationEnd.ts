// https://vike.dev/onHydrationEnd
// Marks the document hydrated (browser tests wait for it), after clicking again a button clicked before (+onBeforeRenderClient.ts).
import type { PageContextClient } from 'vike/types'

export default function onHydrationEnd(pageContext: PageContextClient) {
  pageContext.replayEarlyClick?.()
  document.documentElement.dataset.hydrated = 'true'
}
