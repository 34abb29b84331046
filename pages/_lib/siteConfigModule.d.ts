// Types of `virtual:kube-site/config` (mapped in tsconfig.json's paths): the validated site
// config, which the kube-site vite plugin serves to the pages (cli/generator/bundle/kubeSitePlugin.ts,
// made by configExports.ts): a key of copy by locale. One export per top-level key, and
// no default: a browser bundle then carries only the parts of the config its pages use (the blog
// needs the header's and footer's, not the home page's copy and the pricing plans).
import type { SiteConfig } from '../../cli/content/types.ts'
import type { Picture } from './picture.ts'
import type { SiteLocale } from './locales/locales.ts'
import type { IslandKey, UiKey } from './text/uiCatalogs.ts'

/**
 * A key's value in each locale of the site, by the locale's code (pages/_lib/locales/pageLocale.ts
 * useLocalized picks the page's); beside them, under '@fallbacks', the strings of a locale's value
 * that show in another language (pages/_lib/text/textLanguage.ts), which valueIn alone reads.
 */
export type ByLocale<T> = Readonly<Record<string, T>>

export declare const brand: ByLocale<SiteConfig['brand']>
export declare const site: ByLocale<SiteConfig['site']>
export declare const ui: ByLocale<SiteConfig['ui']>
export declare const links: SiteConfig['links']
export declare const nav: ByLocale<SiteConfig['nav']>
export declare const hero: ByLocale<SiteConfig['hero']>
export declare const riskAssessment: ByLocale<SiteConfig['riskAssessment']>
export declare const networkSecurity: ByLocale<SiteConfig['networkSecurity']>
export declare const aiIntelligence: ByLocale<SiteConfig['aiIntelligence']>
export declare const topologyMap: ByLocale<SiteConfig['topologyMap']>
export declare const getStarted: ByLocale<SiteConfig['getStarted']>
export declare const architecture: ByLocale<SiteConfig['architecture']>
export declare const pricing: ByLocale<SiteConfig['pricing']>
export declare const contact: ByLocale<SiteConfig['contact']>
export declare const footer: ByLocale<SiteConfig['footer']>
export declare const legal: ByLocale<SiteConfig['legal']>
export declare const blog: ByLocale<SiteConfig['blog']>
export declare const authors: ByLocale<SiteConfig['authors']>
export declare const redirects: SiteConfig['redirects']
export declare const deploy: SiteConfig['deploy']
export declare const security: SiteConfig['security']
export declare const locales: SiteConfig['locales']
/** The variants the build made of the config's raster images, by their path as written (cli/images/configImages.ts); none in dev. */
export declare const pictures: Record<string, Picture>
/** Each interface string's template in each locale's language, the config's `ui` over its catalog (pages/_lib/text/uiStrings.ts uiTemplates), but the islands'. */
export declare const uiTemplates: ByLocale<Record<Exclude<UiKey, IslandKey>, string>>
/** The templates of the islands' strings (uiCatalogs.ts ISLAND_KEYS), apart: all the HTML-only pages' scripts read. */
export declare const islandTemplates: ByLocale<Record<IslandKey, string>>
/** Every locale of the site, the default first, each with its prefix, name and direction (pages/_lib/locales/locales.ts siteLocales). */
export declare const siteLocales: SiteLocale[]
/** By locale, the paths of the default locale's pages it links to, having none of its own (a legal page it gives as the default does: pages/_lib/urls/routes.ts pagesLentBy). */
export declare const lentPages: ByLocale<string[]>
