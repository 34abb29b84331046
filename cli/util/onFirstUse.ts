import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** A getter for what `load` makes, made when first asked (for slow packages many runs never need); `load` gets a CommonJS `require`, whose builds load faster. */
export function onFirstUse<T>(load: (require: NodeJS.Require) => T): () => T {
  let loaded: { value: T } | undefined
  return () => (loaded ??= { value: load(require) }).value
}
