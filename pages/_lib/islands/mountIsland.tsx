import { startTransition, useEffect, useState, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { IslandRoot, readIslandProps, takeEarlyClick, type IslandComponent } from './island.tsx'

/**
 * Calls `onLive` once the island has settled: hydrated, and every update its effects set off rendered
 * (embla's API comes two renders later), so a replayed click acts on the island the visitor sees.
 */
function Live({ onLive, children }: { onLive: () => void; children: ReactNode }) {
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    if (settled) onLive()
    // A transition renders once no urgent update (an effect's) is pending: after all the island made by itself.
    else startTransition(() => setSettled(true))
  }, [settled, onLive])
  return children
}

/** Hydrates one <kube-island> with its component and server props; resolves once live, marked data-hydrated, an early click replayed (takeEarlyClick). */
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
        <Live onLive={onLive}><island.Component {...props} /></Live>
      </IslandRoot>,
    )
  })
}
