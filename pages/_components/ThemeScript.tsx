import { brand } from 'virtual:kube-site/config'
import { DEFAULT_THEME, themeStorageKey } from '../_lib/theme.ts'

/**
 * Runs before first paint: applies the stored theme (so there is no flash of the wrong one) and
 * marks the document as scripted, which lets reveal animations hide what they will reveal.
 */
export function ThemeScript() {
  const key = JSON.stringify(themeStorageKey(brand.name))
  const script =
    `(function(d){var t;try{t=localStorage.getItem(${key})}catch(e){}` +
    `d.dataset.theme=t==='light'||t==='dark'?t:${JSON.stringify(DEFAULT_THEME)};d.classList.add('js')})(document.documentElement)`
  return <script dangerouslySetInnerHTML={{ __html: script }} />
}
