// https://vike.dev/Page
import config from 'virtual:kube-site/config'
import { useData } from 'vike-react/useData'
import { formatDate } from '../../_lib/formatDate.ts'
import { withBase } from '../../_lib/href.ts'
import { blogPageUrl, postUrl } from '../../_lib/urls.ts'
import type { BlogListData } from './+data.ts'

export default function Page() {
  const { posts, page, totalPages } = useData<BlogListData>()
  return (
    <section className="blog">
      <h1>{config.blog.title}</h1>
      <ul>
        {posts.map((post) => (
          <li key={post.slug}>
            <article>
              <h2>
                <a href={withBase(postUrl(post.slug))}>{post.title}</a>
              </h2>
              <p>{post.excerpt}</p>
              <p>
                {post.author} · <time dateTime={post.date}>{formatDate(post.date)}</time> · {post.readTime}
              </p>
            </article>
          </li>
        ))}
      </ul>
      {totalPages > 1 && (
        <nav aria-label="Blog pages">
          {Array.from({ length: totalPages }, (_, index) => (
            <a key={index} href={withBase(blogPageUrl(index + 1))} aria-current={index + 1 === page ? 'page' : undefined}>
              {index + 1}
            </a>
          ))}
        </nav>
      )}
    </section>
  )
}
