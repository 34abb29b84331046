import config from '../../../../../site.config.ts'
import { defineSiteConfig } from '../../defineSiteConfig.ts'

// The real config in German with interface strings overridden: one right, one misspelt key, one
// template that drops a placeholder, one that invents one, one that does not read.
export default defineSiteConfig({
  ...config,
  site: { ...config.site, language: 'de-AT' },
  ui: {
    backToBlog: 'Zur Übersicht',
    bakcToBlog: 'Zur Übersicht',
    pageOf: 'Seite {page}',
    minRead: '{minutes} Min. ({words} Wörter)',
    postCount: '{count, plural, one {# Beitrag}}',
  },
} as never)
