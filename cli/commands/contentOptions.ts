import { Option } from 'commander'

// The options several commands share (the content: build, dev, check; the built site: build,
// check, preview, deploy): one definition each, so their names and defaults never drift apart.

/** -p, --posts <dir>: the folder of markdown posts. */
export const postsOption = () => new Option('-p, --posts <dir>', 'folder of markdown posts').default('posts')

/** -c, --config <file>: the site config. */
export const configOption = () => new Option('-c, --config <file>', 'site config file').default('site.config.ts')

/** -b, --base <path>: the URL prefix; the config's site.base when left out. */
export const baseOption = () => new Option('-b, --base <path>', "URL prefix the site is served under (default: the config's site.base, '/')")

/** -o, --out <dir>: the built site (build writes it; check, preview and deploy read it). */
export const outOption = (description: string) => new Option('-o, --out <dir>', description).default('dist')
