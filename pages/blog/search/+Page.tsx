// https://vike.dev/Page
import { brand } from 'virtual:kube-site/config'
import { useData } from 'vike-react/useData'
import { SearchPanel } from '../../_components/SearchPanel.tsx'
import { BLOG_TEXT } from '../../_lib/siteText.ts'
import { withBase } from '../../_lib/href.ts'
import type { SearchPageData } from '../../_lib/pageData.ts'
import { TAGS_URL } from '../../_lib/urls.ts'
import frame from '../list/BlogList.module.scss'
import styles from './SearchPage.module.scss'

/** The blog's search: a field, a tag to narrow to, and the results (SearchPanel); without JavaScript, a way to the tags. */
export default function Page() {
  const { tags } = useData<SearchPageData>()
  const text = BLOG_TEXT.search
  return (
    <div className={frame.page}>
      <header className={frame.header}>
        <h1 className={frame.title} tabIndex={-1}>
          {text.title}
        </h1>
        <p className={frame.description}>{text.description(brand.name)}</p>
      </header>
      <noscript>
        <p className={styles.notice}>
          {text.noScript} <a href={withBase(TAGS_URL)}>{text.browseTags}</a>
        </p>
      </noscript>
      <SearchPanel tags={tags} />
    </div>
  )
}
