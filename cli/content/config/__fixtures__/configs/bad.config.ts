import config from '../../../../../site.config.ts'
import { defineSiteConfig } from '../../defineSiteConfig.ts'

// The real config with three mistakes a marketer could make.
export default defineSiteConfig({
  ...config,
  site: { ...config.site, url: 'kubeguard.dev' },
  pricing: {
    ...config.pricing,
    plans: [config.pricing.plans[0]!, { ...config.pricing.plans[1]!, popular: 'yes' as unknown as boolean }],
  },
  blog: { ...config.blog, pageSize: 0 },
})
