import { createContext, isValidElement, useContext, type ComponentType } from 'react'
import { PagePathContext, usePagePath } from '../urls/pagePath.ts'
import { isClientRouted } from '../urls/urls.ts'
import { siteLocales } from 'virtual:kube-site/config'
import { LocaleContext, usePageLocale } from '../locales/pageLocale.ts'
import { localizedPath, splitLocalePath } from '../locales/locales.ts'
import { readMarks, withMarks } from '../text/textLanguage.ts'

// Islands (README, "Islands"): on the HTML-only pages an interactive component renders inside a <kube-island> carrying its name, when it wakes and its props as
// JSON; htmlOnlyClient.ts hydrates it when due. On the blog, which vike hydrates whole, an island is its component alone.

/** When an island hydrates: at once, when the browser is idle (or at first touch), or when it nears the viewport. */
export type Hydrate = 'load' | 'idle' | 'visible'

/** What an island module in pages/_islands/ exports by default. */
export interface IslandComponent<P extends object> {
  (props: P): React.JSX.Element
  /** The island's file name in pages/_islands/, by which the browser finds its code. */
  islandName: string
  hydrate: Hydrate
  /** The interactive component itself, which the browser hydrates. */
  Component: ComponentType<P>
}

// Inside an island every component is part of it: a nested island renders inline.
const InsideIsland = createContext(false)

/** The context an island's component sees in the browser, as on the server: the page's path (its locale's, as its island carries it) split into its locale and its path. */
export function IslandRoot({ path, children }: { path: string; children: React.ReactNode }) {
  const page = splitLocalePath(siteLocales, path)
  return (
    <LocaleContext value={page.locale}>
      <PagePathContext value={page.path}><InsideIsland value>{children}</InsideIsland></PagePathContext>
    </LocaleContext>
  )
}

/** Makes `Component` an island named `name` (its file name in pages/_islands/) that hydrates `hydrate`; its props cross as JSON. */
export function island<P extends object>(name: string, Component: ComponentType<P>, hydrate: Hydrate): IslandComponent<P> {
  function Island(props: P) {
    const inside = useContext(InsideIsland)
    const path = usePagePath()
    const locale = usePageLocale()
    if (inside) return <Component {...props} />
    if (isClientRouted(path)) {
      // Its props are still checked, so a page of either kind fails the same way.
      checkIslandProps(name, props)
      return <InsideIsland value><Component {...props} /></InsideIsland>
    }
    const json = serializeIslandProps(name, props)
    return (
      <>
        {/* Its props, just before it: JSON in a script needs no escaping of its quotes. */}
        {json !== '{}' && <script type="application/json" dangerouslySetInnerHTML={{ __html: json }} />}
        <kube-island data-name={name} data-hydrate={hydrate} data-path={localizedPath(locale, path)}>
          <InsideIsland value><Component {...props} /></InsideIsland>
        </kube-island>
      </>
    )
  }
  return Object.assign(Island, { islandName: name, hydrate, Component })
}

/**
 * An island's props as JSON for a <script> ('<' escaped, so no '</script>' can end it), each config
 * string not in the page's language marked (textLanguage.ts); a prop JSON cannot carry fails the build.
 */
export function serializeIslandProps(name: string, props: object): string {
  checkIslandProps(name, props)
  return JSON.stringify(props, withMarks).replace(/</g, '\\u003c')
}

/** Fails the build on a prop JSON cannot carry as it is (see serializeIslandProps). */
function checkIslandProps(name: string, props: object): void {
  // Checked where the HTML is made; the blog's hydration renders the same props again.
  if (import.meta.env.SSR) assertPlainData(props, name, 'props')
}

/** The props the server gave the island `element` (see island()). */
export function readIslandProps(element: HTMLElement): object {
  const script = element.previousElementSibling
  return script instanceof HTMLScriptElement && script.type === 'application/json' ? (JSON.parse(script.text, readMarks) as object) : {}
}

/** Call just before React hydrates `holder`: returns what to call once React is live, which clicks again the button earlyScript noted, unless a click came since (the visitor's latest word). */
export function takeEarlyClick(holder: HTMLElement): () => void {
  const early = holder.kubeClick
  return () => {
    if (!early || holder.kubeClick !== early) return
    const button = (early.target as Element).closest('button')
    if (button?.isConnected && !button.disabled) button.click()
  }
}

function assertPlainData(value: unknown, island: string, path: string): void {
  const fail = (what: string) => {
    throw new TypeError(
      `Island ${island}: ${path} is ${what}. An island's props are serialized into the HTML for hydration, so they must be plain data: strings, finite numbers, booleans, null, arrays and plain objects (no functions, elements, dates or class instances).`,
    )
  }
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || value === undefined) return
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : fail(String(value))
  if (typeof value === 'function') return fail('a function')
  if (typeof value !== 'object') return fail(`a ${typeof value}`)
  if (isValidElement(value)) return fail('a React element')
  if (Array.isArray(value)) return value.forEach((item, index) => assertPlainData(item, island, `${path}[${index}]`))
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return fail(`an instance of ${prototype?.constructor?.name ?? 'a class'}`)
  for (const [key, item] of Object.entries(value)) assertPlainData(item, island, `${path}.${key}`)
}
