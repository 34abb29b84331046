// https://vike.dev/onHydrationEnd: marks the document hydrated (browser tests wait for it), after replaying an early click.
import type { PageContextClient } from 'vike/types'

export default function onHydrationEnd(pageContext: PageContextClient) {
  pageContext.replayEarlyClick?.()
  document.documentElement.dataset.hydrated = 'true'
}
