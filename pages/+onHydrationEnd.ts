// https://vike.dev/onHydrationEnd
// Marks the document once React has hydrated it: the browser tests wait for it, and styles can
// tell a page that JavaScript runs on from one it does not. A button clicked before React took
// the page over is clicked again first (+onBeforeRenderClient.ts).
import type { PageContextClient } from 'vike/types'

export default function onHydrationEnd(pageContext: PageContextClient) {
  pageContext.replayEarlyClick?.()
  document.documentElement.dataset.hydrated = 'true'
}
