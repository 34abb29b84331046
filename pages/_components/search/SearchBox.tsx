import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { goInPlace } from '../../_lib/browser/inPlaceNavigation.ts'
import { searchPageUrl } from '../../_lib/search/searchManifest.ts'
import { useSearch } from '../../_lib/search/useSearch.ts'
import { SEARCH_URL } from '../../_lib/urls/urls.ts'
import styles from './SearchBox.module.scss'
import { useSiteText } from '../../_lib/text/siteText.ts'
import { usePageHref } from '../../_lib/locales/pageLocale.ts'

/** Suggestions the field shows; the search page shows every result. */
const SUGGESTIONS = 5

/**
 * The blog's search field (the WAI-ARIA combobox pattern): the best posts for what is typed, last an option
 * opening the search page; arrows, Enter, Escape. Without JavaScript a form; nothing loads before focus.
 */
export function SearchBox() {
  const pageHref = usePageHref()
  const { blog: blogText, formatDate } = useSiteText()
  const [query, setQuery] = useState('')
  const [focused, setFocused] = useState(false)
  const [enabled, setEnabled] = useState(false)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const id = useId()
  const state = useSearch(query, undefined, SUGGESTIONS, enabled)
  const text = blogText.search
  const asked = query.trim()
  // The last results stay while the next query runs: the list does not flicker as one types.
  const hits = state.status === 'ready' ? state.hits : []
  // The options: the suggested posts, then every result on the search page.
  const options = asked ? [...hits.map((hit) => ({ href: hit.url, hit })), { href: pageHref(searchPageUrl(asked)), hit: undefined }] : []
  const expanded = open && focused && options.length > 0
  const optionId = (index: number) => `${id}-option-${index}`

  const go = (href: string, toSearchPage = false) => {
    setOpen(false)
    setActive(-1)
    void goInPlace(href, toSearchPage ? '#search-query' : undefined)
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const chosen = expanded && activeIndex >= 0 ? options[activeIndex] : undefined
    go(chosen ? chosen.href : pageHref(searchPageUrl(asked)), !chosen?.hit)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return
      event.preventDefault()
      const last = options.length - 1
      setOpen(true)
      // From the field (-1) through each option and back to the field, as the pattern's examples do.
      if (!expanded) setActive(event.key === 'ArrowDown' ? 0 : last)
      else if (event.key === 'ArrowDown') setActive((current) => (current >= last ? -1 : current + 1))
      else setActive((current) => (current <= -1 ? last : current - 1))
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault()
        setOpen(false)
        setActive(-1)
      } else if (query) {
        event.preventDefault()
        setQuery('')
      }
    }
  }
  const activeIndex = active < options.length ? active : -1

  return (
    <form
      role="search"
      action={pageHref(SEARCH_URL)}
      method="get"
      className={styles.form}
      onSubmit={onSubmit}
      onFocus={() => {
        setFocused(true)
        setEnabled(true)
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false)
      }}
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">{text.label}</label>
      <input
        id={`${id}-input`}
        className={styles.input}
        // A text field: the HTML standard allows the combobox role there, not on type=search.
        type="text"
        enterKeyHint="search"
        name="q"
        value={query}
        placeholder={text.placeholder}
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        onChange={(event) => {
          setQuery(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className={styles.submit}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{text.submit}</span>
      </button>
      <ul id={`${id}-listbox`} role="listbox" aria-label={text.label} className={styles.listbox} hidden={!expanded}>
        {expanded &&
          options.map((option, index) => (
            <li
              key={option.href}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={styles.option}
              // Chosen on press, before the field loses focus and the list closes.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(option.href, !option.hit)}
            >
              {option.hit ? (
                <>
                  <span className={styles.title}>{option.hit.title}</span>
                  {option.hit.date && <span className={styles.date}>{formatDate(option.hit.date)}</span>}
                </>
              ) : <span className={styles.all}>{text.all(asked)}</span>}
            </li>
          ))}
      </ul>
      <p role="status" className="visually-hidden">{expanded && state.status === 'ready' ? text.count(state.count, state.query) : ''}</p>
    </form>
  )
}

