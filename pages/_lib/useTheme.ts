import { useSyncExternalStore } from 'react'
import type { Theme } from './theme.ts'

const root = () => document.documentElement

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange)
  observer.observe(root(), { attributes: true, attributeFilter: ['data-theme'] })
  return () => observer.disconnect()
}

const readTheme = (): Theme => (root().dataset.theme === 'light' ? 'light' : 'dark')

/**
 * The theme ThemeScript applied to <html>, or null while hydrating: the server cannot know it,
 * so markup must not depend on it before hydration (CSS handles the look).
 */
export function useTheme(): Theme | null {
  return useSyncExternalStore(subscribe, readTheme, () => null)
}

/** Applies a theme and stores it under `storageKey`, which ThemeScript reads before the next first paint (themeStorageKey). */
export function setTheme(theme: Theme, storageKey: string): void {
  root().dataset.theme = theme
  try {
    localStorage.setItem(storageKey, theme)
  } catch {
    // Storage can be disabled (privacy mode); the theme still applies to this page.
  }
}
