// https://vike.dev/Page
import { useData } from 'vike-react/useData'
import { BackToBlog } from '../../_components/blog/BackToBlog.tsx'
import { PostBody } from '../../_components/blog/PostBody.tsx'
import { PostImage } from '../../_components/blog/PostImage.tsx'
import { PostMeta } from '../../_components/blog/PostMeta.tsx'
import { RelatedPosts } from '../../_components/blog/RelatedPosts.tsx'
import { TagList } from '../../_components/blog/TagList.tsx'
import { useOriginPage } from '../../_lib/blog/useOriginPage.ts'
import type { BlogPostData } from '../../_lib/pageData.ts'
import styles from './BlogPost.module.scss'

export default function Page() {
  const { post, listPage, totalPages, status, related } = useData<BlogPostData>()
  const backTo = useOriginPage(post.slug, listPage, totalPages)
  return (
    <article className={styles.post}>
      <BackToBlog path={backTo} className={styles.back} />
      <header className={styles.header}>
        <TagList tags={post.tags} status={status} />
        {/* Focus lands here when the post opens in place, so a screen reader announces it. */}
        <h1 className={styles.title} tabIndex={-1}>{post.hyphenatedTitle ?? post.title}</h1>
        <PostMeta post={post} className={styles.meta} />
      </header>
      <PostImage post={post} lazy={false} priority className={styles.cover} />
      <PostBody html={post.html} />
      <RelatedPosts posts={related} />
      <footer className={styles.footer}><BackToBlog path={backTo} /></footer>
    </article>
  )
}
