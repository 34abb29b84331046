// https://vike.dev/Page
import { useData } from 'vike-react/useData'
import { AuthorAvatar } from '../../_components/AuthorAvatar.tsx'
import { InPlaceLink } from '../../_components/InPlaceLink.tsx'
import { BLOG_TEXT } from '../../_lib/siteText.ts'
import { withBase } from '../../_lib/href.ts'
import type { TermIndexData } from '../../_lib/pageData.ts'
import { authorPageUrl, tagPageUrl } from '../../_lib/urls.ts'
import { brand } from 'virtual:kube-site/config'
import frame from '../list/BlogList.module.scss'
import styles from './TermIndex.module.scss'

/** Every tag, or every author, in the frame of a list page (BlogList.module.scss), by name, with their numbers of posts; each opens its list in place. */
export default function Page() {
  const { kind, terms } = useData<TermIndexData>()
  const text = BLOG_TEXT.index[kind]
  return (
    <div className={frame.page}>
      <header className={frame.header}>
        <h1 className={frame.title} tabIndex={-1}>
          {text.title}
        </h1>
        <p className={frame.description}>{text.description(brand.name)}</p>
      </header>
      {terms.length === 0 ? (
        <p className={frame.empty}>{text.empty}</p>
      ) : (
        <ul className={kind === 'tag' ? styles.tags : styles.authors}>
          {terms.map((term) => (
            <li key={term.slug}>
              <InPlaceLink href={withBase(kind === 'tag' ? tagPageUrl(term.slug) : authorPageUrl(term.slug))} className={styles.term}>
                {kind === 'author' && <AuthorAvatar name={term.name} />}
                <span className={styles.name}>{term.name}</span>
                <span className={styles.count}>{BLOG_TEXT.postCount(term.count)}</span>
              </InPlaceLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
