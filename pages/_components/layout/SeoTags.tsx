import { site as siteByLocale, brand as brandByLocale, blog as blogByLocale } from 'virtual:kube-site/config'
import { useLocalized, usePageLocale } from '../../_lib/locales/pageLocale.ts'
import { isDefaultLocale, localizedPath } from '../../_lib/locales/locales.ts'
import { usePageContext } from 'vike-react/usePageContext'
import { absoluteUrl, pagePath } from '../../_lib/urls/absoluteUrl.ts'
import type { BlogListData, BlogPostData } from '../../_lib/pageData.ts'
import { FEED_FORMATS, FEED_TYPES, HOME_URL, PRICING_URL, blogFeedUrl, postMarkdownUrl, tagFeedUrl } from '../../_lib/urls/urls.ts'
import { postCover } from '../../_lib/blog/postCover.ts'
import { ogLocale } from '../../_lib/locales/siteLocale.ts'
import { alternateLinks, pageTranslations, renderedPageKey } from '../../_lib/locales/pageTranslations.ts'
import { SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, socialCardKey } from '../../_lib/socialCard.ts'
import { getSiteContent } from '../../_server/getSiteContent.server.ts'
import { variantSize } from '../../_lib/picture.ts'
import { PostJsonLd } from '../blog/PostJsonLd.tsx'
import { useSiteText } from '../../_lib/text/siteText.ts'

/**
 * The page's canonical URL, its versions in other languages (hreflang, og:locale:alternate), feeds, Open
 * Graph and Twitter tags; posts add image, article tags and JSON-LD. vike-react writes title and description.
 */
export function SeoTags() {
  const { blog: blogText } = useSiteText()
  const site = useLocalized(siteByLocale)
  const brand = useLocalized(brandByLocale)
  const blog = useLocalized(blogByLocale)
  const pageContext = usePageContext()
  const locale = usePageLocale()
  // The absolute URL of a site path in the page's locale, and of a file (the same in every locale).
  const url = (path: string) => fileUrl(localizedPath(locale, path))
  const fileUrl = (path: string) => absoluteUrl(site.url, import.meta.env.BASE_URL, path)
  const key = renderedPageKey({ urlPathname: pageContext.urlPathname, locale })
  const canonical = fileUrl(key)
  // The page in every language, itself included (none for the not-found page): hreflang and og:locale's alternates.
  const translations = pageContext.is404 ? [] : pageTranslations(getSiteContent(), key)
  const alternates = alternateLinks(translations, fileUrl)
  const otherLocales = alternates.length > 0 ? translations.filter((translation) => translation.key !== key).map((translation) => ogLocale(translation.locale.code)) : []
  // Only the post page's data has a post (Head renders for every page).
  const post = pageContext.is404 ? undefined : (pageContext.data as Partial<BlogPostData> | undefined)?.post
  // A published post has a markdown twin for AI agents (cli/generator/siteFiles/writeMarkdownTwins.ts); a draft or a scheduled one none.
  const markdown = post && !(pageContext.data as BlogPostData).status ? url(postMarkdownUrl(post.slug)) : undefined
  // A tag's list also offers the feed of that tag.
  const scope = pageContext.is404 ? undefined : (pageContext.data as Partial<BlogListData> | undefined)?.scope
  const tag = scope?.kind === 'tag' ? scope : undefined
  const listsPosts = !pageContext.is404 && Array.isArray((pageContext.data as Partial<BlogListData> | undefined)?.posts)
  // The post's own cover first, else the social card the build drew (none in dev).
  const cover = post && postCover(post)
  const cardKey = cover || pageContext.is404 ? undefined : socialCardKey(pagePath(pageContext.urlPathname), post, { home: HOME_URL, pricing: PRICING_URL }, isDefaultLocale(locale) ? undefined : locale.code)
  const card = cardKey && getSiteContent().cards?.[cardKey]
  // A raster cover's field names its plain variant after the build: its size is known.
  const coverSize = cover && post.pictures ? variantSize(cover, post.pictures) : undefined
  const image = cover ? { url: fileUrl(cover), alt: post.title, ...coverSize } : card ? { url: fileUrl(card.path), alt: card.alt, width: SOCIAL_CARD_WIDTH, height: SOCIAL_CARD_HEIGHT } : undefined
  const imageUrl = image?.url
  return (
    <>
      {/* KUBE_SITE_NOINDEX: `kube-site build --noindex` (a preview) keeps every page out of search engines. */}
      {(pageContext.is404 || import.meta.env.KUBE_SITE_NOINDEX) && <meta name="robots" content="noindex" />}
      {!pageContext.is404 && <link rel="canonical" href={canonical} />}
      {alternates.map(({ hreflang, href }) => <link key={hreflang} rel="alternate" hrefLang={hreflang} href={href} />)}
      {/* Every page names the blog's RSS feed; the pages a feed follows, a list of posts, all its formats. */}
      {(listsPosts ? FEED_FORMATS : (['rss'] as const)).map((format) => (
        <link key={format} rel="alternate" type={FEED_TYPES[format]} title={`${brand.name} ${blog.title}`} href={url(blogFeedUrl(format))} />
      ))}
      {tag && FEED_FORMATS.map((format) => <link key={`tag-${format}`} rel="alternate" type={FEED_TYPES[format]} title={blogText.tag.feedTitle(tag.name, brand.name)} href={url(tagFeedUrl(tag.slug, format))} />)}
      {markdown && <link rel="alternate" type="text/markdown" href={markdown} />}
      <meta property="og:site_name" content={brand.name} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={ogLocale(locale?.code ?? site.language)} />
      {otherLocales.map((other) => <meta key={other} property="og:locale:alternate" content={other} />)}
      <meta property="og:type" content={post ? 'article' : 'website'} />
      {post && <meta property="article:published_time" content={post.date} />}
      {post && <meta property="article:author" content={post.author} />}
      {post?.tags.map((tag) => <meta key={tag} property="article:tag" content={tag} />)}
      {image && <meta property="og:image" content={image.url} />}
      {card && image?.width && <meta property="og:image:type" content="image/png" />}
      {image?.width && <meta property="og:image:width" content={String(image.width)} />}
      {image?.height && <meta property="og:image:height" content={String(image.height)} />}
      {image && <meta property="og:image:alt" content={image.alt} />}
      {/* X reads og:* where its own tags are missing: only the card's kind and the account are its own. */}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      {site.twitter && <meta name="twitter:site" content={site.twitter} />}
      {post && <PostJsonLd post={post} url={canonical} image={imageUrl} />}
    </>
  )
}
