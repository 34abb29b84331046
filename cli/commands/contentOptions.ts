import { type Command, InvalidArgumentError, Option } from 'commander'
import { resolve } from 'node:path'

// The options several commands share, defined once so their names and defaults never drift apart.

/** -p, --posts, -c, --config and -b, --base (the config's site.base when left out): the options of the commands that read the content (build, check, dev). */
export const withContentOptions = (command: Command) =>
  command.option('-p, --posts <dir>', 'folder of markdown posts', 'posts').option('-c, --config <file>', 'site config file', 'site.config.ts').option('-b, --base <path>', "URL prefix the site is served under (default: the config's site.base, '/')")

/** -o, --out <dir>: the built site (build writes it; check, preview and deploy read it). */
export const outOption = (description: string) => new Option('-o, --out <dir>', description).default('dist')

/** A parser of a whole-number flag from `min` to `max`; another value is refused with `message`. */
export const wholeNumber = (min: number, max: number, message: string) => (value: string): number => {
  const count = Number(value)
  if (!Number.isInteger(count) || count < min || count > max) throw new InvalidArgumentError(message)
  return count
}

/** The flags of the commands that read the content and the built site (build, check), and dev's but --out. */
export interface ContentFlags {
  out: string
  posts: string
  config: string
  base?: string
  drafts: boolean
}

/** What build and check take of those flags: the paths made absolute from `cwd`. */
export const contentRun = ({ out, posts, config, base, drafts }: ContentFlags, cwd = process.cwd()) => ({ outDir: resolve(cwd, out), postsDir: resolve(cwd, posts), configFile: resolve(cwd, config), base, drafts, cwd })
