// https://vike.dev/Page
import { blog as blogByLocale } from 'virtual:kube-site/config'
import { useLocalized } from '../../_lib/locales/pageLocale.ts'
import { useData } from 'vike-react/useData'
import { PostCard } from '../../_components/blog/PostCard.tsx'
import { Pagination } from '../../_components/blog/Pagination.tsx'
import type { BlogListData } from '../../_lib/pageData.ts'
import { listPageUrl, listRoot } from '../../_lib/urls/urls.ts'
import styles from './BlogList.module.scss'
import { ScopeHeader } from './ScopeHeader.tsx'
import { useSiteText } from '../../_lib/text/siteText.ts'
import { langOf } from '../../_lib/text/textLanguage.ts'

/** The blog's list of posts, or one tag's or one author's (the same cards and pagination). */
export default function Page() {
  const blog = useLocalized(blogByLocale)
  const { blog: blogText, lang } = useSiteText()
  const { posts, page, totalPages, scope } = useData<BlogListData>()
  const root = listRoot(scope)
  const pageOf = totalPages > 1 && <p className={styles.pageOf} {...lang('pageOf')}>{blogText.pageOf(page, totalPages)}</p>
  return (
    <div className={styles.page}>
      {scope ? (
        <ScopeHeader scope={scope}>{pageOf}</ScopeHeader>
      ) : (
        <header className={styles.header}>
          {/* Focus lands here after a page change, so a screen reader announces the new page. */}
          <h1 className={styles.title} tabIndex={-1} {...langOf(blog, 'title')}>{blog.title}</h1>
          <p className={styles.description} {...langOf(blog, 'description')}>{blog.description}</p>
          {pageOf}
        </header>
      )}
      {posts.length === 0 ? (
        <p className={styles.empty} {...lang('noPosts')}>{blogText.noPosts}</p>
      ) : (
        <ul className={styles.posts}>
          {posts.map((post, index) => (
            <li key={post.slug}><PostCard post={post} origin={listPageUrl(root, page)} eager={index < 2} priority={index === 0} /></li>
          ))}
        </ul>
      )}
      <Pagination current={page} total={totalPages} root={root} />
    </div>
  )
}
