import { useEffect, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { IslandRoot, readIslandProps, type IslandComponent } from './island.tsx'

/** Calls `onCommit` once React has committed what it holds (effects run after the commit). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit])
  return children
}

/**
 * Hydrates one <kube-island> with its component and the props its server render was given.
 * Resolves once it is live, and marks it data-hydrated (tests and styles can tell). A button
 * clicked before React took the island over (`takeClick`) is clicked again once it is live.
 */
export async function mountIsland(element: HTMLElement, load: () => Promise<unknown>, takeClick: () => HTMLElement | undefined): Promise<void> {
  const { default: island } = (await load()) as { default: IslandComponent<object> }
  const props = readIslandProps(element)
  const clicked = takeClick()
  await new Promise<void>((resolve) => {
    const onCommit = () => {
      element.dataset.hydrated = ''
      if (clicked?.isConnected) clicked.click()
      resolve()
    }
    hydrateRoot(
      element,
      <IslandRoot path={element.dataset.path ?? ''}>
        <Committed onCommit={onCommit}>
          <island.Component {...props} />
        </Committed>
      </IslandRoot>,
    )
  })
}
