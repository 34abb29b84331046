// A site of two locales (English, the default, and German) as the build hands it to the pages:
// for the tests of translations, hreflang, the sitemap's alternates and the language switcher.
import type { Post, SiteConfig } from '../../../../cli/content/types.ts'
import type { SiteContent } from '../../../../cli/generator/siteContent.ts'
import { siteLocales } from '../locales.ts'

const legal = { privacyPolicy: { title: 'Privacy Policy', pdf: '/uploads/privacy.pdf', description: 'P.' }, termsOfService: { title: 'Terms', pdf: '/uploads/terms.pdf', description: 'T.' } }

export const config = {
  brand: { name: 'KubeGuard' },
  site: { url: 'https://kubeguard.dev', language: 'en', description: 'Kubernetes security.' },
  blog: { title: 'Blog', description: 'Notes.', pageSize: 2, tagPageSize: 2 },
  legal,
  locales: [{ code: 'de' }],
} as unknown as SiteConfig

/** The German config: its own privacy policy (another PDF), the default's terms. */
export const germanConfig = {
  ...config,
  site: { ...config.site, language: 'de' },
  legal: { ...legal, privacyPolicy: { ...legal.privacyPolicy, title: 'Datenschutz', pdf: '/uploads/datenschutz.pdf' } },
} as unknown as SiteConfig

export const [english, german] = siteLocales(config.site, config.locales) as [ReturnType<typeof siteLocales>[0], ReturnType<typeof siteLocales>[0]]

export const post = (slug: string, fields: Partial<Post> & { locale?: string; translationOf?: string } = {}): Post =>
  ({ slug, title: slug, excerpt: 'e', author: 'Maya Chen', date: '2025-09-01', readTime: '3 min read', tags: ['rbac'], draft: false, redirectFrom: [], html: '<p>x</p>', sourceFile: `${slug}.md`, ...fields }) as Post

/**
 * English: pods (translated, same slug), network-policies (translated with a German slug),
 * english-only. German: pods, netzwerkrichtlinien (translationOf network-policies), nur-deutsch.
 */
export const englishPosts = [post('pods', { locale: 'en' }), post('network-policies', { locale: 'en' }), post('english-only', { locale: 'en' })]
export const germanPosts = [
  post('pods', { locale: 'de', translationOf: 'pods', sourceFile: 'de/pods.md' }),
  post('netzwerkrichtlinien', { locale: 'de', translationOf: 'network-policies', sourceFile: 'de/netzwerkrichtlinien.md' }),
  post('nur-deutsch', { locale: 'de', sourceFile: 'de/nur-deutsch.md' }),
]

const locales = [
  { locale: english, config, posts: englishPosts },
  { locale: german, config: germanConfig, posts: germanPosts },
]

/** The content the default locale's pages see. */
export const content: SiteContent = { config, posts: englishPosts, locale: english, locales, buildDate: '2025-10-01', includeDrafts: false }

/** The content the German pages see (contentIn). */
export const germanContent: SiteContent = { ...content, config: germanConfig, posts: germanPosts, locale: german }

/** The same site with one locale: English alone. */
export const oneLocale: SiteContent = { config: { ...config, locales: [] } as unknown as SiteConfig, posts: englishPosts, buildDate: '2025-10-01', includeDrafts: false }
