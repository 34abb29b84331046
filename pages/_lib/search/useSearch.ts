import { useEffect, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import type { SearchEngine, SearchHit } from './searchEngine.ts'

// The engine's code loads when a visitor first searches; it knows the site's locales (a page's chunk does not).
const loadSearchEngine = (pagePath: string): Promise<SearchEngine> => import('./searchEngine.ts').then((module) => module.loadPageSearchEngine(pagePath))

/** What a search shows: nothing asked yet, the engine loading, its results, or why it cannot run. */
export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; query: string; tag?: string; count: number; hits: SearchHit[] }
  | { status: 'unavailable'; reason: 'dev' | 'failed' }

/** How long typing must pause before a search runs. */
const PAUSE_MS = 120

/** The first `limit` results for `query` (and `tag`) in the locale's index, once `enabled` (the engine loads then, not before); only the latest query's show. */
export function useSearch(query: string, tag: string | undefined, limit: number, enabled: boolean): SearchState {
  const pagePath = usePageContext().urlPathname
  const [state, setState] = useState<SearchState>({ status: 'idle' })
  const asked = query.trim() !== '' || Boolean(tag)
  useEffect(() => {
    if (!enabled) return
    let current = true
    const run = async () => {
      try {
        const engine = await loadSearchEngine(pagePath)
        if (!current) return
        if (!asked) return setState({ status: 'idle' })
        const results = await engine.search(query, { tag })
        const hits = await results.hits(0, limit)
        if (current) setState({ status: 'ready', query: query.trim(), tag, count: results.count, hits })
      } catch (error) {
        if (current) setState({ status: 'unavailable', reason: (error as { reason?: unknown }).reason === 'dev' ? 'dev' : 'failed' })
      }
    }
    setState((previous) => (previous.status === 'idle' && asked ? { status: 'loading' } : previous))
    // The engine starts loading at once; the search waits for a pause in the typing.
    void loadSearchEngine(pagePath).catch(() => {})
    const timer = setTimeout(run, asked ? PAUSE_MS : 0)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [query, tag, limit, enabled, asked, pagePath])
  return state
}
