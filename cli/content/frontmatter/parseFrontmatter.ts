import type matter from 'gray-matter'
import { onFirstUse } from '../../util/onFirstUse.ts'
import { FrontmatterYamlError, MAX_FRONTMATTER_LENGTH, readFrontmatterYaml } from './frontmatterYaml.ts'
import { positionOf, PositionedSyntaxError } from '../textPosition.ts'

export interface ParsedFrontmatter {
  data: Record<string, unknown>
  /** Markdown after the frontmatter. */
  body: string
  /** Whether the file opens with a `---` block at all. */
  hasFrontmatter: boolean
  /** 1-based line and column of each top-level key's value in the file, for messages. */
  positions: Map<string, { line: number; column: number }>
  /** Line of the closing `---` (or 1), where a missing key is reported. */
  endLine: number
}

/** A frontmatter its YAML parser refuses, at its position in the file (1-based), with what to do where that is not the usual. */
export class FrontmatterSyntaxError extends PositionedSyntaxError {
  readonly hint: string | undefined

  constructor(reason: string, line: number, column: number, hint?: string) {
    super(reason, line, column)
    this.hint = hint
  }
}

/** A frontmatter past a limit (its length, its aliases): no mistake of syntax, and `reason` says which. */
export class FrontmatterLimitError extends FrontmatterSyntaxError {}

// YAML is read by frontmatterYaml.ts: gray-matter would run `---js` and `---coffee` frontmatter as code, so those are refused.
const notYaml = () => {
  throw new Error('the frontmatter must be YAML')
}
const engines = {
  // Any YAML value (a list, a text, null): parseFrontmatter keeps a map alone.
  yaml: (text: string) => readFrontmatterYaml(text) as object,
  ...Object.fromEntries(['javascript', 'js', 'coffee', 'coffeescript', 'cson', 'json', 'toml'].map((language) => [language, notYaml])),
}
const OPENING_LINE = /^---\r?\n/

// Loaded for the first frontmatter parsed: a dev server whose posts all come from the cache starts without it.
const grayMatter = onFirstUse((require) => require('gray-matter') as typeof matter)

/** The opening `---` block and the markdown after, split as gray-matter splits; only the block goes to gray-matter, which caches and copies every text it gets. */
export function splitFrontmatter(source: string): { block?: string; body: string } {
  if (!OPENING_LINE.test(source)) return { body: source }
  const close = source.indexOf('\n---', 3)
  if (close === -1) return { block: source, body: '' }
  const end = close + '\n---'.length
  let body = source.slice(end)
  if (body[0] === '\r') body = body.slice(1)
  if (body[0] === '\n') body = body.slice(1)
  return { block: source.slice(0, end), body }
}

/** Splits a post into frontmatter data and body, keeping positions for error messages. */
export function parseFrontmatter(source: string): ParsedFrontmatter {
  // A file that does not open with a bare --- line has no frontmatter (`---js` included).
  const { block, body } = splitFrontmatter(source)
  if (block === undefined) return { data: {}, body, hasFrontmatter: false, positions: new Map(), endLine: 1 }
  if (block.length > MAX_FRONTMATTER_LENGTH) {
    throw new FrontmatterLimitError(
      `the frontmatter is ${block.length} characters long, more than the ${MAX_FRONTMATTER_LENGTH} it may have`,
      1,
      1,
      "A frontmatter holds a post's title, excerpt, tags and the like: a few hundred characters. Is the line of --- that closes it missing? Long text goes in the body, below that line.",
    )
  }
  let file: matter.GrayMatterFile<string>
  try {
    // An options object also keeps gray-matter from storing the block in its cache.
    file = grayMatter()(block, { engines, language: 'yaml' })
  } catch (error) {
    // Anything else the engine throws is a YAML error without a position: at the block's first line.
    if (!(error instanceof FrontmatterYamlError)) throw new FrontmatterSyntaxError((error as Error).message, 1, 1)
    // gray-matter hands the engine the block after its opening `---`.
    const { line, column } = positionOf(block, '---'.length + error.offset)
    throw new (error.limit ? FrontmatterLimitError : FrontmatterSyntaxError)(error.reason, line, column, error.hint)
  }
  const data = isPlainObject(file.data) ? file.data : {}
  const hasFrontmatter = file.matter !== undefined
  const positions = new Map<string, { line: number; column: number }>()
  let endLine = 1
  if (hasFrontmatter) {
    // The block's lines, as the split found them (the body, most of the file, is never split): its last is the closing delimiter, unless the block runs to the end of the file.
    const lines = block.split('\n')
    const closed = block.endsWith('\n---')
    if (closed) endLine = lines.length
    for (let index = 1; index < (closed ? lines.length - 1 : lines.length); index++) {
      const key = /^([A-Za-z_][\w-]*)\s*:\s*/.exec(lines[index]!.replace(/\r$/, ''))
      if (key && !positions.has(key[1]!)) positions.set(key[1]!, { line: index + 1, column: key[0].length + 1 })
    }
  }
  return { data, body, hasFrontmatter, positions, endLine }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
