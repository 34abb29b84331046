// Types of `virtual:kube-site/config` (mapped in tsconfig.json's paths): the validated site
// config, which the kube-site vite plugin serves to the pages.
import type { SiteConfig } from '../../cli/content/types.ts'

declare const config: SiteConfig
export default config
