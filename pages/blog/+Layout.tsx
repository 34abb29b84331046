// https://vike.dev/Layout (cumulative in vike-react): the search field above every blog page but the search page, which has its own.
import type { ReactNode } from 'react'
import { SearchBox } from '../_components/search/SearchBox.tsx'
import { usePagePath } from '../_lib/urls/pagePath.ts'
import { SEARCH_URL } from '../_lib/urls/urls.ts'
import styles from './BlogLayout.module.scss'

export default function BlogLayout({ children }: { children: ReactNode }) {
  const path = usePagePath()
  return (
    <>
      {path !== SEARCH_URL && <div className={styles.searchBar}><SearchBox /></div>}
      {children}
    </>
  )
}
