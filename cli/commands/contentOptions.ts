import { Option } from 'commander'

// The options of every command that reads the site's content (build, dev, check): one
// definition each, so their names, defaults and help never drift apart.

/** -p, --posts <dir>: the folder of markdown posts. */
export const postsOption = () => new Option('-p, --posts <dir>', 'folder of markdown posts').default('posts')

/** -c, --config <file>: the site config. */
export const configOption = () => new Option('-c, --config <file>', 'site config file').default('site.config.ts')

/** -b, --base <path>: the URL prefix; the config's site.base when left out. */
export const baseOption = () => new Option('-b, --base <path>', "URL prefix the site is served under (default: the config's site.base, '/')")
