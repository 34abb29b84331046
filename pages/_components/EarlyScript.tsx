import { brand } from 'virtual:kube-site/config'
import { DEFAULT_THEME, themeStorageKey } from '../_lib/theme.ts'

/**
 * Runs before first paint: applies the stored theme (so there is no flash of the wrong one) and
 * marks the document as scripted, which lets reveal animations hide what they will reveal.
 *
 * It also hears every click from then on, before React does. The theme toggle shows from the first
 * paint, but React takes it over only later (an island when the browser is idle, the blog once its
 * scripts have loaded), and a click before then was lost: so the theme is the document's, and a
 * click on a toggle (ThemeToggle's data-theme-toggle) switches it here, whenever it comes. A click
 * on any other button is noted on its island (on the blog, on <html>), which clicks it again once
 * React is live (takeEarlyClick in pages/_lib/island.tsx).
 */
export function ThemeScript() {
  const key = JSON.stringify(themeStorageKey(brand.name))
  const script =
    `(function(d,k){var t;try{t=localStorage.getItem(k)}catch(e){}` +
    `d.dataset.theme=t==='light'||t==='dark'?t:${JSON.stringify(DEFAULT_THEME)};d.classList.add('js');` +
    `d.addEventListener('click',function(e){var b=e.target.closest('button');` +
    `if(b)if(b.hasAttribute('data-theme-toggle')){t=d.dataset.theme=d.dataset.theme==='light'?'dark':'light';try{localStorage.setItem(k,t)}catch(e){}}` +
    `else(b.closest('kube-island')||d).kubeClick=e},true)})(document.documentElement,${key})`
  return <script dangerouslySetInnerHTML={{ __html: script }} />
}
