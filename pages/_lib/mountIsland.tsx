import { useEffect, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { IslandRoot, type IslandComponent } from './island.tsx'

/** Calls `onCommit` once React has committed what it holds (effects run after the commit). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit])
  return children
}

/**
 * Hydrates one <kube-island> with its component and the props its server render was given.
 * Resolves once it is live, and marks it data-hydrated (tests and styles can tell).
 */
export async function mountIsland(element: HTMLElement, load: () => Promise<unknown>): Promise<void> {
  const { default: island } = (await load()) as { default: IslandComponent<object> }
  const props = JSON.parse(element.dataset.props ?? '{}') as object
  await new Promise<void>((resolve) => {
    const onCommit = () => {
      element.dataset.hydrated = ''
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
