import type * as Yaml from 'yaml'
import { onFirstUse } from '../util/onFirstUse.ts'

// The YAML of a post's frontmatter, read by `yaml` (eemeli/yaml) with YAML 1.2's core schema:
// `date: 2025-01-05` stays the string the writer typed, so a calendar day is never turned into a
// UTC instant (and shifted by a time zone) and 2025-13-45 is not rolled over (dates.ts decides);
// yes, no, on and off are text; a tag the core does not know (!!binary, !!timestamp, !!js/function)
// is refused, never resolved or run.
//
// An alias (`*name`) repeats the value its anchor (`&name`) marks, and an alias may repeat a list of
// aliases: nine levels of nine are 9^9 values. The parsed data shares one value among its aliases,
// but a walk over it that follows each expands them all (147 s of CPU for the control-character
// check of one such post, issue 72). yaml gives the document's nodes, with their positions, before
// any value is built: the aliases are counted there and refused at their line.

/**
 * Characters a frontmatter may have, its `---` lines included. A real one has a few hundred (the
 * shipped posts' and the bench's: at most 700). The limit is far past any, and keeps small two
 * costs that grow with the square of a frontmatter's size: gray-matter's look for comment lines
 * (`/^\s*#[^\n]+/gm` scans a run of blank lines again from each of its lines: 160,000 blank lines
 * took 26 s) and yaml's check that a map's keys are unique (each against every one before it:
 * 40,000 keys took 25 s). At 16 KiB the worst of either took 0.3–0.7 s (blank lines; 3,000 keys:
 * 0.15 s), on 2 shared cores; twice the limit, four times that.
 */
export const MAX_FRONTMATTER_LENGTH = 16 * 1024

/**
 * Aliases (`*name`) a frontmatter may hold. A real post has none, or one or two (the same image
 * for `lightImage:` and `darkImage:`). Counting them is what bounds yaml's work: it resolves an
 * alias by looking through every anchor and alias before it (30,000 aliases of their own anchors:
 * 10 s). Its own limit, `maxAliasCount`, is off, as it bounds neither that nor always what it is
 * for: it weighs an alias by what its value repeats, but takes an alias of an empty list for
 * nothing and then looks through the whole document again at each use (a list of 50 aliases of
 * an empty list, aliased 50 times in 64 KiB: 20 s), and it weighs a chain (b: [*a], c: [*b], …)
 * as doubling at each link (at 16, five aliases in a chain are refused; at its default of 100,
 * seven). With 16, what the aliases repeat is at most a few hundred times the text (324: five
 * levels of three or four aliases), and nothing expands it: every walk over the data visits each
 * value once (frontmatterStrings.ts).
 */
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
const yaml = onFirstUse((require) => require('yaml') as typeof Yaml)

const OPTIONS = {
  schema: 'core',
  // !!binary, !!set, !!timestamp… are resolved by default though the core schema has none.
  resolveKnownTags: false,
  // Positions as offsets: the caller frames the file's own line.
  prettyErrors: false,
  // Nothing printed: each warning that matters is refused below.
  logLevel: 'silent',
} as const satisfies Yaml.ParseOptions & Yaml.DocumentOptions & Yaml.SchemaOptions

// Warnings that refuse the frontmatter: a tag yaml cannot resolve is kept as text, where js-yaml
// refused it. The others (an ambiguous anchor, a flow end less indented than it should be) are read
// as writers mean them.
const TAG_WARNINGS = new Set(['TAG_RESOLVE_FAILED', 'BAD_COLLECTION_TYPE'])

/** The data of a frontmatter's YAML (gray-matter's engine), or a FrontmatterYamlError at its offset in `text`. */
export function readFrontmatterYaml(text: string): unknown {
  const { parseDocument } = yaml()
  try {
    // gray-matter ends the text at the \n before the closing `---`: in a file of CRLF lines, after
    // that line break's \r, which yaml takes for a character of the last line.
    const document = parseDocument(text.endsWith('\r') ? text.slice(0, -1) : text, OPTIONS)
    const problem = document.errors[0] ?? document.warnings.find((warning) => TAG_WARNINGS.has(warning.code))
    if (problem) throw yamlError(problem, document, text)
    checkAliases(document)
    // Each alias is now known to name an anchor before it, and there are few (see MAX_FRONTMATTER_ALIASES).
    return document.toJS({ maxAliasCount: -1 })
  } catch (error) {
    // Thousands of levels of [[[…]]] overflow the stack: yaml's composer says so itself
    // (RESOURCE_EXHAUSTION), and building the values and the visits above recurse too.
    if (error instanceof RangeError) throw new FrontmatterYamlError('it is nested too deeply', 0)
    throw error
  }
}

/** One of yaml's errors (or warnings) in `document`, in the words and with the hint a writer needs. */
function yamlError(error: Yaml.YAMLError, document: Yaml.Document.Parsed, text: string): FrontmatterYamlError {
  const [start, end] = error.pos
  const written = text.slice(start, end)
  switch (error.code) {
    case 'DUPLICATE_KEY': {
      const key = keyAt(document, start)
      return new FrontmatterYamlError(`${key === undefined ? 'this key' : `the key ${key}`} is given twice`, start, 'Keep one of the two: the later would replace the earlier.')
    }
    case 'TAB_AS_INDENT':
      return new FrontmatterYamlError('a tab indents this line', start, 'Indent with spaces: YAML takes no tabs as indentation.')
    case 'TAG_RESOLVE_FAILED':
    case 'BAD_COLLECTION_TYPE':
      return new FrontmatterYamlError(`unknown tag ${written}`, start, 'Remove the tag: a frontmatter is plain YAML (text, lists, true and false), and no tag is run as code.')
    case 'RESOURCE_EXHAUSTION':
      return new FrontmatterYamlError('it is nested too deeply', start)
    default:
      // yaml's messages are sentences ("Missing closing "quote"); ours continue one.
      return new FrontmatterYamlError(error.message.replace(/^[A-Z](?=[a-z])/, (first) => first.toLowerCase()), start)
  }
}

/** The key that starts at `offset`, as it is read: the error of a key given twice points at it. */
function keyAt(document: Yaml.Document.Parsed, offset: number): string | undefined {
  const { visit, isPair, isScalar } = yaml()
  let found: string | undefined
  visit(document, (_key, node) => {
    if (!isPair(node) || !isScalar(node.key) || node.key.range?.[0] !== offset) return undefined
    found = String(node.key.value)
    return visit.BREAK
  })
  return found
}

/** Refuses an alias that names no anchor before it, and the alias past MAX_FRONTMATTER_ALIASES, in the order of the text. */
function checkAliases(document: Yaml.Document.Parsed): void {
  const { visit, isAlias, isNode } = yaml()
  const anchors = new Set<string>()
  let aliases = 0
  let problem: FrontmatterYamlError | undefined
  visit(document, (_key, node) => {
    if (isAlias(node)) {
      const at = node.range?.[0] ?? 0
      if (!anchors.has(node.source)) {
        problem = new FrontmatterYamlError(`the alias *${node.source} names no anchor (&${node.source}) before it`, at, `Mark the value to repeat with &${node.source} before the alias, or write the value out.`)
      } else if (++aliases > MAX_FRONTMATTER_ALIASES) {
        problem = new FrontmatterYamlError(
          `the frontmatter has more than ${MAX_FRONTMATTER_ALIASES} aliases (*name): *${node.source} here is alias ${aliases}`,
          at,
          `Write the values out instead of repeating them with aliases: a post's frontmatter needs few or none, and aliases of aliases could repeat a value millions of times, which would stall the build.`,
          true,
        )
      }
      return problem ? visit.BREAK : undefined
    }
    if (isNode(node) && node.anchor) anchors.add(node.anchor)
    return undefined
  })
  if (problem) throw problem
}
