// The real site with redirects in its config (one old path written without its trailing slash),
// so the build tests compare sites that have redirect pages. In one language (no German locale).
import site from '../../../site.config.ts'

export default {
  ...site,
  locales: [],
  redirects: {
    '/docs': '/pricing/',
    '/news/': '/blog/',
  },
}
