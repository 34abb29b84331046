import type * as JsYaml from 'js-yaml'
import { onFirstUse } from '../../util/onFirstUse.ts'

// A post's frontmatter by js-yaml 3's core schema: dates stay the strings typed (dates.ts decides), unknown tags are
// refused, never run. Aliases are counted as read (9 levels of 9 are 9^9 values) and every walk visits a value once
// (frontmatterStrings.ts); the `yaml` package bounds neither, and read 8 times slower (tests/bench/README.md).

/** A frontmatter's characters, `---` included (real ones ≤ 700): bounds costs quadratic in size (gray-matter's comment scan took 26 s on 160,000 blank lines). */
export const MAX_FRONTMATTER_LENGTH = 16 * 1024

/** Aliases a frontmatter may hold (a real post has at most two): with 16 they repeat a few hundred times the text at most, and no walk expands them. */
export const MAX_FRONTMATTER_ALIASES = 16

/** What the YAML of a frontmatter is refused for, at `offset` in the text given to `readFrontmatterYaml`. */
export class FrontmatterYamlError extends Error {
  readonly reason: string
  readonly offset: number
  /** What to do, where the usual hint (quote, close) is not it. */
  readonly hint: string | undefined
  /** A limit of this module, not a mistake of syntax. */
  readonly limit: boolean

  constructor(reason: string, offset: number, hint?: string, limit = false) {
    super(reason)
    this.reason = reason
    this.offset = offset
    this.hint = hint
    this.limit = limit
    this.name = 'FrontmatterYamlError'
  }
}

// Loaded for the first frontmatter parsed: a dev server whose posts all come from the cache starts without it.
const jsYaml = onFirstUse((require) => require('js-yaml') as typeof JsYaml)

/** What js-yaml's loader tells its listener of the node it opens or closes (its state: js-yaml 3's, pinned, see cli/README.md). */
interface LoaderState {
  position: number
  /** 'scalar', 'sequence' or 'mapping' once read; null for an alias, which only takes its anchor's value. */
  kind: string | null
  result: unknown
}

/** The data of a frontmatter's YAML (gray-matter's engine), or a FrontmatterYamlError at its offset in `text`. */
export function readFrontmatterYaml(text: string): unknown {
  const { safeLoad, CORE_SCHEMA, YAMLException } = jsYaml()
  // Where each node open now began: an alias is refused where it is written.
  const opened: number[] = []
  let aliases = 0
  const listener = (event: 'open' | 'close', state: LoaderState) => {
    if (event === 'open') return void opened.push(state.position)
    const start = opened.pop()!
    // A node read as nothing but its anchor's value: an alias (an empty node has no value).
    if (state.kind !== null || state.result === null || state.result === undefined) return
    if (++aliases <= MAX_FRONTMATTER_ALIASES) return
    const at = text.indexOf('*', start)
    const name = /^\*([^\s,[\]{}]*)/.exec(text.slice(at))?.[1] ?? ''
    throw new FrontmatterYamlError(
      `the frontmatter has more than ${MAX_FRONTMATTER_ALIASES} aliases (*name): *${name} here is alias ${aliases}`,
      at,
      'Write the values out instead of repeating them with aliases: a post\'s frontmatter needs few or none, and aliases of aliases could repeat a value millions of times, which would stall the build.',
      true,
    )
  }
  try {
    return safeLoad(text, { schema: CORE_SCHEMA, listener } as JsYaml.LoadOptions)
  } catch (error) {
    if (error instanceof FrontmatterYamlError) throw error
    // YAML parses nested [ [ [ ... ] ] ] by recursion: thousands of levels overflow the stack.
    if (error instanceof RangeError) throw new FrontmatterYamlError('it is nested too deeply', 0)
    if (!(error instanceof YAMLException)) throw error
    const { reason, mark } = error as JsYaml.YAMLException & { reason: string; mark?: { position: number } }
    return refuse(reason, mark?.position ?? 0)
  }
}

/** One of js-yaml's errors, with the hint a writer needs where the usual one (quote, close) is not it. */
function refuse(reason: string, offset: number): never {
  if (reason.startsWith('duplicated mapping key')) throw new FrontmatterYamlError('a key is given twice', offset, 'Keep one of the two: the later would replace the earlier.')
  // js-yaml names a tag by its URI (!<tag:yaml.org,2002:binary>); the writer wrote !!binary.
  if (reason.startsWith('unknown tag')) throw new FrontmatterYamlError(reason.replace(/!<tag:yaml\.org,2002:(.*)>$/, '!!$1'), offset, 'Remove the tag: a frontmatter is plain YAML (text, lists, true and false), and no tag is run as code.')
  const alias = /^unidentified alias "(.*)"$/.exec(reason)?.[1]
  if (alias !== undefined) throw new FrontmatterYamlError(`the alias *${alias} names no anchor (&${alias}) before it`, offset, `Mark the value to repeat with &${alias} before the alias, or write the value out.`)
  throw new FrontmatterYamlError(reason, offset)
}
