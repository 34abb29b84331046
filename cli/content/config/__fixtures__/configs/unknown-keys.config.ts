import config from '../../../../../site.config.ts'
import { defineSiteConfig } from '../../defineSiteConfig.ts'

// The real config with keys mistyped at every depth: the root, a section, an array's object.
export default defineSiteConfig({
  ...config,
  contact: {
    ...config.contact,
    emial: 'hello@kubeguard.dev',
  },
  footer: {
    ...config.footer,
    columns: [{ title: 'Legal', links: [{ lable: 'Privacy', href: '/privacy-policy/' }] }],
  },
  analytics: 'UA-1',
} as never)
