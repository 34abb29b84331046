import { useSyncExternalStore } from 'react'
import type { Theme } from './theme.ts'

const root = () => document.documentElement

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange)
  observer.observe(root(), { attributes: true, attributeFilter: ['data-theme'] })
  return () => observer.disconnect()
}

const readTheme = (): Theme => (root().dataset.theme === 'light' ? 'light' : 'dark')

/** The theme on <html> (earlyScript's), or null while hydrating: the server cannot know it, so markup must not depend on it before (CSS does). */
export function useTheme(): Theme | null {
  return useSyncExternalStore(subscribe, readTheme, () => null)
}
