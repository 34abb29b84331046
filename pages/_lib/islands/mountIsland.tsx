import { startTransition, useEffect, useState, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { IslandRoot, readIslandProps, takeEarlyClick, type IslandComponent } from './island.tsx'

/**
 * Calls `onLive` once the island has settled: hydrated, then rendered every update its effects
 * made and those they set off in turn (embla's API, for one, comes two renders after hydration).
 * A click replayed then acts on the island as the visitor sees it, not on its server render.
 */
function Live({ onLive, children }: { onLive: () => void; children: ReactNode }) {
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    if (settled) onLive()
    // React renders a transition only once no more urgent update is pending, and the updates an
    // effect makes are urgent: so this one comes after every update the island made by itself.
    else startTransition(() => setSettled(true))
  }, [settled, onLive])
  return children
}

/**
 * Hydrates one <kube-island> with its component and the props its server render was given.
 * Resolves once it is live, and marks it data-hydrated (tests and styles can tell). A button
 * clicked before React took the island over is clicked again then (see takeEarlyClick).
 */
export async function mountIsland(element: HTMLElement, load: () => Promise<unknown>): Promise<void> {
  const { default: island } = (await load()) as { default: IslandComponent<object> }
  const props = readIslandProps(element)
  // From here on React hears the island's clicks: while it hydrates, it hydrates the target first.
  const replayEarlyClick = takeEarlyClick(element)
  await new Promise<void>((resolve) => {
    const onLive = () => {
      replayEarlyClick()
      element.dataset.hydrated = ''
      resolve()
    }
    hydrateRoot(
      element,
      <IslandRoot path={element.dataset.path ?? ''}>
        <Live onLive={onLive}>
          <island.Component {...props} />
        </Live>
      </IslandRoot>,
    )
  })
}
