// Types of `virtual:kube-site/config` (mapped in tsconfig.json's paths): the validated site
// config, which the kube-site vite plugin serves to the pages. One export per top-level key, and
// no default: a browser bundle then carries only the parts of the config its pages use (the blog
// needs the header's and footer's, not the home page's copy and the pricing plans).
import type { SiteConfig } from '../../cli/content/types.ts'
import type { Picture } from './picture.ts'
import type { UiKey } from './uiCatalogs.ts'

export declare const brand: SiteConfig['brand']
export declare const site: SiteConfig['site']
export declare const locales: SiteConfig['locales']
export declare const ui: SiteConfig['ui']
export declare const links: SiteConfig['links']
export declare const nav: SiteConfig['nav']
export declare const hero: SiteConfig['hero']
export declare const riskAssessment: SiteConfig['riskAssessment']
export declare const networkSecurity: SiteConfig['networkSecurity']
export declare const aiIntelligence: SiteConfig['aiIntelligence']
export declare const topologyMap: SiteConfig['topologyMap']
export declare const getStarted: SiteConfig['getStarted']
export declare const architecture: SiteConfig['architecture']
export declare const pricing: SiteConfig['pricing']
export declare const contact: SiteConfig['contact']
export declare const footer: SiteConfig['footer']
export declare const legal: SiteConfig['legal']
export declare const blog: SiteConfig['blog']
export declare const authors: SiteConfig['authors']
export declare const redirects: SiteConfig['redirects']
export declare const deploy: SiteConfig['deploy']
export declare const security: SiteConfig['security']
/** The variants the build made of the config's raster images, by their path as written (cli/images/configImages.ts); none in dev. */
export declare const pictures: Record<string, Picture>
/** Each interface string's template for the site's language, the config's `ui` over its catalog (pages/_lib/uiStrings.ts uiTemplates). */
export declare const uiTemplates: Record<UiKey, string>
