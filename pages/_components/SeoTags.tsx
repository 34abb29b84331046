import config from 'virtual:kube-site/config'
import { usePageContext } from 'vike-react/usePageContext'

/** Canonical URL, Open Graph and Twitter tags of the current page. */
export function SeoTags() {
  const pageContext = usePageContext()
  const base = import.meta.env.BASE_URL.replace(/\/$/, '')
  const canonical = new URL(`${base}${pageContext.urlPathname}`, config.site.url).href
  return (
    <>
      {pageContext.is404 ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={canonical} />}
      <meta property="og:site_name" content={config.brand.name} />
      <meta property="og:url" content={canonical} />
      <meta property="og:type" content="website" />
      <meta name="twitter:card" content="summary_large_image" />
      {config.site.twitter && <meta name="twitter:site" content={config.site.twitter} />}
    </>
  )
}
