import type matter from 'gray-matter'
import type yaml from 'js-yaml'
import { onFirstUse } from '../util/onFirstUse.ts'
import { PositionedSyntaxError } from './textPosition.ts'

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

/** A YAML syntax error with its position in the file (1-based). */
export class FrontmatterSyntaxError extends PositionedSyntaxError {}

// YAML's core schema: `date: 2025-01-05` stays the string the writer typed, so a calendar day is
// never turned into a UTC instant (and shifted by a time zone) and 2025-13-45 is not rolled over.
// gray-matter also runs `---js` and `---coffee` frontmatter as code (eval): a post could run
// anything on the machine that builds. Only YAML is parsed; the others are refused.
const notYaml = () => {
  throw new Error('the frontmatter must be YAML')
}
const engines = {
  yaml: (source: string) => {
    const { safeLoad, CORE_SCHEMA } = parsers().yaml
    return safeLoad(source, { schema: CORE_SCHEMA }) as object
  },
  javascript: notYaml,
  js: notYaml,
  coffee: notYaml,
  coffeescript: notYaml,
  cson: notYaml,
  json: notYaml,
  toml: notYaml,
}
const OPENING_LINE = /^---\r?\n/

// Loaded for the first frontmatter parsed: a dev server whose posts all come from the cache starts without them.
const parsers = onFirstUse((require) => ({ matter: require('gray-matter') as typeof matter, yaml: require('js-yaml') as typeof yaml }))

/**
 * The `---` block a post opens with (with its delimiters) and the markdown after it, split where
 * gray-matter splits them: the block ends at the first line that starts with `---`, and the body
 * begins after that delimiter and one line break. A post without the block is all body. Only the
 * block goes to gray-matter, which looks every text it is given up in a cache by its whole content
 * (hashing a long post for nothing) and copies it into a Buffer.
 */
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
  let file: matter.GrayMatterFile<string>
  try {
    // An options object also keeps gray-matter from storing the block in its cache.
    file = parsers().matter(block, { engines, language: 'yaml' })
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number }; reason?: string }).mark
    // YAML parses nested [ [ [ ... ] ] ] by recursion: thousands of levels overflow the stack.
    const reason =
      error instanceof RangeError ? 'it is nested too deeply' : ((error as { reason?: string }).reason ?? (error as Error).message)
    // gray-matter hands YAML the text after the opening `---`, so YAML's line 0 is file line 1.
    throw new FrontmatterSyntaxError(reason, (mark?.line ?? 0) + 1, (mark?.column ?? 0) + 1)
  }
  const data = isPlainObject(file.data) ? file.data : {}
  const hasFrontmatter = file.matter !== undefined
  const positions = new Map<string, { line: number; column: number }>()
  let endLine = 1
  if (hasFrontmatter) {
    // The block's lines, as the split found them (the body, most of the file, is never split):
    // its last is the closing delimiter, unless the block runs to the end of the file.
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
