import type { Theme } from '../browser/theme.ts'

/**
 * The page's one inline script, run from <head> before the first paint. The build compiles this
 * function into the script (cli/generator/bundle/compileEarlyScript.ts), so it may use nothing from
 * outside itself, not even a type's runtime value.
 *
 * 1. It applies the stored theme (else `fallback`), so there is no flash of the wrong one, and
 *    marks the document as scripted (`js`), which lets reveal animations hide what they reveal.
 * 2. It hears every click from then on, before React does. The theme toggle shows from the first
 *    paint, but React takes it over only later (an island when the browser is idle, the blog once
 *    its scripts have loaded), and a click before then was lost: so the theme is the document's,
 *    and a click on a toggle (data-theme-toggle) switches it here, whenever it comes. A click on
 *    any other button is noted on its island (on the blog, on <html>), which clicks it again once
 *    React is live (takeEarlyClick in island.tsx).
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
