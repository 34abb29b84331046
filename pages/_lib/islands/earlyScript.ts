import type { Theme } from '../browser/theme.ts'

/**
 * The page's one inline script, run from <head> before the first paint; the build compiles this function into it (compileEarlyScript.ts), so it
 * may use nothing from outside. 1. It applies the stored theme (else `fallback`), so the wrong one never flashes, and marks the document `js`,
 * which lets reveal animations hide what they reveal. 2. It hears every click before React takes buttons over: a theme toggle switches here;
 * a click on another button is noted on its island (on the blog, <html>), which clicks it again once React is live (takeEarlyClick).
 */
export function earlyScript(root: HTMLElement, storageKey: string, fallback: Theme): void {
  let stored: string | null = null
  try {
    stored = localStorage.getItem(storageKey)
  } catch {
    // Storage refused (a sandboxed frame, a browser's privacy settings): the default theme.
  }
  root.dataset.theme = stored === 'light' || stored === 'dark' ? stored : fallback
  root.classList.add('js')
  root.addEventListener(
    'click',
    (event) => {
      const target = event.target
      const button = target instanceof Element ? target.closest('button') : null
      if (!button) return
      if (!button.hasAttribute('data-theme-toggle')) {
        ;(button.closest<HTMLElement>('kube-island') ?? root).kubeClick = event
        return
      }
      const theme = root.dataset.theme === 'light' ? 'dark' : 'light'
      root.dataset.theme = theme
      try {
        localStorage.setItem(storageKey, theme)
      } catch {
        // Not kept for the next page: this one still switches.
      }
    },
    true,
  )
}
