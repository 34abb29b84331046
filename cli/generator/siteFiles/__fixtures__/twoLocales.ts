// A site in two locales, as the content layer hands it on (SiteContent.locales): English, the
// default, and German under /de/. German has a translation under the same slug (zero-trust), one
// under a translated slug (netzwerkrichtlinien, of network-policies) with an old URL of its own,
// and a post of its own (nur-auf-deutsch); English has one German lacks (english-only).
import type { Post, SiteConfig } from '../../../content/types.ts'
import { siteLocales } from '../../../../pages/_lib/locales/locales.ts'
import type { LocaleContent, SiteContent } from '../../siteContent.ts'

const english = {
  brand: { name: 'KubeGuard' },
  site: { url: 'https://kubeguard.dev', language: 'en', description: 'Kubernetes security.' },
  pricing: { title: 'Simple pricing', description: 'Plans.' },
  blog: { title: 'Blog', description: 'Notes.', pageSize: 2, tagPageSize: 2, feedContent: 'full' },
  legal: { privacyPolicy: { title: 'Privacy Policy', updated: '2025-06-01' }, termsOfService: { title: 'Terms of Service' } },
  redirects: { '/old-pricing/': '/pricing/' },
  ui: {},
} as unknown as SiteConfig

const german = {
  ...english,
  site: { ...english.site, language: 'de', description: 'Sicherheit für Kubernetes.' },
  pricing: { title: 'Einfache Preise', description: 'Tarife.' },
  blog: { ...english.blog, title: 'Blog', description: 'Notizen.' },
  legal: { privacyPolicy: { title: 'Datenschutzerklärung', updated: '2025-06-01' }, termsOfService: { title: 'Nutzungsbedingungen' } },
} as unknown as SiteConfig

export const [ENGLISH, GERMAN] = siteLocales(english.site, [{ code: 'de' }]) as [ReturnType<typeof siteLocales>[number], ReturnType<typeof siteLocales>[number]]

const post = (locale: string, slug: string, date: string, tags: string[], extra: Partial<Post> = {}) =>
  ({
    slug,
    date,
    title: `${locale === 'de' ? 'Über' : 'About'} ${slug}`,
    excerpt: `${locale} excerpt of ${slug}`,
    author: 'Maya Chen',
    tags,
    html: `<p>${locale} body of ${slug}</p>`,
    sourceFile: locale === 'en' ? `${slug}.md` : `${locale}/${slug}.md`,
    redirectFrom: [],
    locale,
    ...extra,
  }) as unknown as Post

export const englishPosts = [
  post('en', 'zero-trust', '2025-09-02', ['RBAC']),
  post('en', 'network-policies', '2025-08-01', ['Cilium']),
  post('en', 'english-only', '2025-07-03', ['RBAC']),
]

export const germanPosts = [
  post('de', 'nur-auf-deutsch', '2025-09-10', ['Sicherheit'], { redirectFrom: ['/blog/alt/', '/de/blog/noch-aelter/'] }),
  post('de', 'zero-trust', '2025-09-03', ['RBAC'], { translationOf: 'zero-trust' } as Partial<Post>),
  post('de', 'netzwerkrichtlinien', '2025-08-02', ['Cilium'], { translationOf: 'network-policies' } as Partial<Post>),
]

export const twoLocales: LocaleContent[] = [
  { locale: ENGLISH, config: english, posts: englishPosts },
  { locale: GERMAN, config: german, posts: germanPosts },
]

/** The content of a build of the two-locale site, as the default locale's pages see it. */
export const twoLocaleContent: SiteContent = { config: english, posts: englishPosts, locales: twoLocales, buildDate: '2025-10-10', includeDrafts: false }
