import { brand as brandByLocale, site as siteByLocale } from 'virtual:kube-site/config'
import { useLocalized } from '../../_lib/locales/pageLocale.ts'
import type { PostSummary } from '../../../cli/content/types.ts'
import { lastChanged } from '../../_lib/blog/lastChanged.ts'

export interface PostJsonLdProps {
  post: Pick<PostSummary, 'title' | 'excerpt' | 'author' | 'date' | 'updated' | 'tags'>
  /** Absolute URL of the post. */
  url: string
  /** Absolute URL of its image. */
  image?: string
}

/** schema.org BlogPosting of a post, for search engines (https://schema.org/BlogPosting). */
export function PostJsonLd({ post, url, image }: PostJsonLdProps) {
  const brand = useLocalized(brandByLocale)
  const site = useLocalized(siteByLocale)
  const data = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date,
    // Always there (the date if never updated): Google recommends dateModified on every article.
    dateModified: lastChanged(post),
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: brand.name, url: site.url },
    // The post's URL, once: schema.org's `url` would repeat it on every post.
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    ...(image ? { image } : {}),
    ...(post.tags.length ? { keywords: post.tags.join(', ') } : {}),
    inLanguage: site.language,
  }
  // '<' escaped so a title holding '</script>' cannot end the script element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
}
