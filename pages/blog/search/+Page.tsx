// https://vike.dev/Page
import { brand as brandByLocale } from 'virtual:kube-site/config'
import { useLocalized } from '../../_lib/locales/pageLocale.ts'
import { useData } from 'vike-react/useData'
import { SearchPanel } from '../../_components/search/SearchPanel.tsx'
import type { SearchPageData } from '../../_lib/pageData.ts'
import { TAGS_URL } from '../../_lib/urls/urls.ts'
import frame from '../list/BlogList.module.scss'
import styles from './SearchPage.module.scss'
import { useSiteText } from '../../_lib/text/siteText.ts'
import { usePageHref } from '../../_lib/locales/pageLocale.ts'

/** The blog's search: a field, a tag to narrow to, and the results (SearchPanel); without JavaScript, a way to the tags. */
export default function Page() {
  const pageHref = usePageHref()
  const brand = useLocalized(brandByLocale)
  const { blog: blogText, lang } = useSiteText()
  const { tags } = useData<SearchPageData>()
  const text = blogText.search
  return (
    <div className={frame.page}>
      <header className={frame.header}>
        <h1 className={frame.title} tabIndex={-1} {...lang('searchTitle')}>{text.title}</h1>
        <p className={frame.description} {...lang('searchDescription')}>{text.description(brand.name)}</p>
      </header>
      <noscript><p className={styles.notice}>{text.noScript} <a href={pageHref(TAGS_URL)}>{text.browseTags}</a></p></noscript>
      <SearchPanel tags={tags} />
    </div>
  )
}
