// https://vike.dev/Page
import { useData } from 'vike-react/useData'
import { AuthorAvatar } from '../../_components/blog/AuthorAvatar.tsx'
import { InPlaceLink } from '../../_components/common/InPlaceLink.tsx'
import type { TermIndexData } from '../../_lib/pageData.ts'
import { authorPageUrl, tagPageUrl } from '../../_lib/urls/urls.ts'
import { brand as brandByLocale } from 'virtual:kube-site/config'
import { useLocalized } from '../../_lib/locales/pageLocale.ts'
import frame from '../list/BlogList.module.scss'
import styles from './TermIndex.module.scss'
import { useSiteText } from '../../_lib/text/siteText.ts'
import { usePageHref } from '../../_lib/locales/pageLocale.ts'

/** Every tag, or every author, in the frame of a list page (BlogList.module.scss), by name, with their numbers of posts; each opens its list in place. */
export default function Page() {
  const pageHref = usePageHref()
  const brand = useLocalized(brandByLocale)
  const { blog: blogText, lang } = useSiteText()
  const { kind, terms } = useData<TermIndexData>()
  const text = blogText.index[kind]
  return (
    <div className={frame.page}>
      <header className={frame.header}>
        <h1 className={frame.title} tabIndex={-1} {...lang(kind === 'tag' ? 'tagIndexTitle' : 'authorIndexTitle')}>{text.title}</h1>
        <p className={frame.description} {...lang(kind === 'tag' ? 'tagIndexDescription' : 'authorIndexDescription')}>{text.description(brand.name)}</p>
      </header>
      {terms.length === 0 ? (
        <p className={frame.empty} {...lang(kind === 'tag' ? 'tagIndexEmpty' : 'authorIndexEmpty')}>{text.empty}</p>
      ) : (
        <ul className={kind === 'tag' ? styles.tags : styles.authors}>
          {terms.map((term) => (
            <li key={term.slug}>
              <InPlaceLink href={pageHref(kind === 'tag' ? tagPageUrl(term.slug) : authorPageUrl(term.slug))} className={styles.term}>
                {kind === 'author' && <AuthorAvatar name={term.name} />}
                <span className={styles.name}>{term.name}</span>
                <span className={styles.count} {...lang('postCount')}>{blogText.postCount(term.count)}</span>
              </InPlaceLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
