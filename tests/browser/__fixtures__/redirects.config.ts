// The real site with a redirect in its config, for the redirect pages' browser tests.
import site from '../../../site.config.ts'

export default {
  ...site,
  redirects: { '/plans/': '/pricing/' },
}
