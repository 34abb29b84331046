import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/**
 * A getter for what `load` makes, made the first time it is asked for and kept. How the CLI
 * loads a package that takes time to load and that many runs never need (a dev server whose
 * posts all come from the cache never parses frontmatter): `load` is given a CommonJS `require`
 * (the packages' CommonJS builds load faster than their ES modules through Node's loader).
 */
export function onFirstUse<T>(load: (require: NodeJS.Require) => T): () => T {
  let loaded: { value: T } | undefined
  return () => (loaded ??= { value: load(require) }).value
}
