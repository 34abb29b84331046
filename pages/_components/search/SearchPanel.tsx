import { useEffect, useId, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { InPlaceLink } from '../common/InPlaceLink.tsx'
import { TagList } from '../blog/TagList.tsx'
import type { SearchPageData } from '../../_lib/pageData.ts'
import { searchPageUrl } from '../../_lib/search/searchManifest.ts'
import { useSearch } from '../../_lib/search/useSearch.ts'
import { TAGS_URL } from '../../_lib/urls/urls.ts'
import styles from './SearchPanel.module.scss'
import { useSiteText } from '../../_lib/text/siteText.ts'
import { usePageHref } from '../../_lib/locales/pageLocale.ts'

/** Results a page of them shows, and each "Show more" adds. */
const PAGE = 10

/** The search page's field, tag filter and results; query and tag live in the URL (?q=…&tag=…), the count is announced, matches marked. */
export function SearchPanel({ tags }: SearchPageData) {
  const pageHref = usePageHref()
  const { blog: blogText, formatDate } = useSiteText()
  const { urlParsed } = usePageContext()
  const [query, setQuery] = useState('')
  const [tag, setTag] = useState('')
  const [limit, setLimit] = useState(PAGE)
  // The page is prerendered without a query: the URL's is read once hydrated (no mismatch).
  const [started, setStarted] = useState(false)
  const id = useId()
  const text = blogText.search

  useEffect(() => {
    setQuery(urlParsed.search.q ?? '')
    setTag(urlParsed.search.tag ?? '')
    setStarted(true)
  }, [urlParsed.search.q, urlParsed.search.tag])

  useEffect(() => {
    if (!started) return
    const url = pageHref(searchPageUrl(query, tag))
    if (url !== `${location.pathname}${location.search}`) history.replaceState(history.state, '', url)
  }, [query, tag, started])

  const tagName = tags.find((term) => term.slug === tag)?.name
  const state = useSearch(query, tagName ? tag : undefined, limit, started)
  const names = new Map(tags.map((term) => [term.slug, term.name]))

  return (
    <div className={styles.panel}>
      <form role="search" className={styles.controls} onSubmit={(event) => event.preventDefault()}>
        <div className={styles.field}>
          <label htmlFor="search-query" className={styles.label}>{text.label}</label>
          <input
            id="search-query"
            className={styles.input}
            type="search"
            name="q"
            value={query}
            placeholder={text.placeholder}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-status`}
            onChange={(event) => {
              setQuery(event.target.value)
              setLimit(PAGE)
            }}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-tag`} className={styles.label}>{text.tagLabel}</label>
          <select
            id={`${id}-tag`}
            className={styles.select}
            name="tag"
            value={tagName ? tag : ''}
            onChange={(event) => {
              setTag(event.target.value)
              setLimit(PAGE)
            }}
          >
            <option value="">{text.anyTag}</option>
            {tags.map((term) => (
              <option key={term.slug} value={term.slug}>
                {term.name} ({term.count})
              </option>
            ))}
          </select>
        </div>
      </form>

      <p id={`${id}-status`} role="status" className={styles.status}>
        {state.status === 'ready'
          ? text.count(state.count, state.query, state.tag && names.get(state.tag))
          : state.status === 'unavailable' || !started
            ? ''
            : query.trim() || tagName
              ? text.loading
              : text.prompt}
      </p>

      {state.status === 'unavailable' && (
        <p className={styles.notice}>
          {state.reason === 'dev' ? (
            text.dev
          ) : (
            <>
              {text.failed} <InPlaceLink href={pageHref(TAGS_URL)}>{text.browseTags}</InPlaceLink>
            </>
          )}
        </p>
      )}

      {state.status === 'ready' && state.hits.length > 0 && (
        <>
          <ol className={styles.results}>
            {state.hits.map((hit) => (
              <li key={hit.url} className={styles.result}>
                <h2 className={styles.title}><InPlaceLink href={hit.url}>{hit.title}</InPlaceLink></h2>
                {hit.date && <p className={styles.date}><time dateTime={hit.date}>{formatDate(hit.date)}</time></p>}
                <p className={styles.excerpt}>{hit.excerpt.map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : part.text))}</p>
                <TagList tags={hit.tags.map((slug) => names.get(slug) ?? slug)} />
              </li>
            ))}
          </ol>
          {state.count > state.hits.length && (
            <div className={styles.more}>
              <p className={styles.showing}>{text.showing(state.hits.length, state.count)}</p>
              <button type="button" className={styles.moreButton} onClick={() => setLimit((current) => current + PAGE)}>
                {text.more}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  )
}

