// https://vike.dev/Page
import { useData } from 'vike-react/useData'
import { formatDate } from '../../_lib/formatDate.ts'
import { withBase } from '../../_lib/href.ts'
import { blogPageUrl } from '../../_lib/urls.ts'
import type { BlogPostData } from './+data.ts'

export default function Page() {
  const { post, listPage } = useData<BlogPostData>()
  const back = withBase(blogPageUrl(listPage))
  return (
    <article className="post">
      <a href={back}>Back to Blog</a>
      <h1>{post.title}</h1>
      <p>
        {post.author} · <time dateTime={post.date}>{formatDate(post.date)}</time> · {post.readTime}
      </p>
      <ul aria-label="Tags">
        {post.tags.map((tag) => (
          <li key={tag}>{tag}</li>
        ))}
      </ul>
      <div className="post__content" dangerouslySetInnerHTML={{ __html: post.html }} />
      <a href={back}>Back to Blog</a>
    </article>
  )
}
