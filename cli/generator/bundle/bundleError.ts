import { isAbsolute, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { parseAst } from 'rolldown/parseAst'
import { codeFrame } from '../../content/codeFrame.ts'
import { positionOf, type Position } from '../../content/textPosition.ts'
import { KubeSiteError, formatLocation, type SourceLocation } from '../../errors.ts'
import { readTextFile } from '../../util/readFile.ts'

/**
 * A problem of a failed vite build, as seen: rolldown's opens with a tag (`[UNRESOLVED_IMPORT] `) and places itself in a header
 * (`╭─[ pages/a.tsx:17:13 ]`, under vite's root); a plugin's has an absolute `id`, maybe a `loc` (0-based column); vite's Sass
 * error places itself by `span` in the partial at fault, its `id` naming the stylesheet that used it.
 */
interface BuildProblem {
  message?: unknown
  id?: unknown
  loc?: { file?: string; line?: number; column?: number }
  code?: unknown
  exporter?: unknown
  sassMessage?: unknown
  span?: { url?: unknown; start?: { line: number; column: number } }
}

const HINT = "pages/ and styles/ are bundled by vite: fix the file named above. Run with --debug to see vite's own report."

/** A failed vite build as a user reads it: each distinct problem at its file:line:column, with a frame of that line; `root` is vite's. */
export function bundleError(error: unknown, root: string, cwd = process.cwd()): KubeSiteError {
  if (error instanceof KubeSiteError) return error
  const reported = (error as { errors?: unknown } | undefined)?.errors
  const all = (Array.isArray(reported) && reported.length > 0 ? reported : [error]).map((problem) => describe(problem, root, cwd))
  // A broken partial fails every stylesheet that uses it: one problem, reported once.
  const problems = [...new Map(all.map((problem) => [`${problem.location ? formatLocation(problem.location) : ''} ${problem.message}`, problem])).values()]
  const [only] = problems
  if (problems.length === 1 && only) {
    const { message, location, frame } = only
    return new KubeSiteError('BUILD_FAILED', `The bundle could not be made: ${message}`, { location, frame, hint: HINT, cause: error })
  }
  return new KubeSiteError('BUILD_FAILED', `The bundle could not be made: ${problems.length} problems`, {
    problems: problems.map(({ message, location, frame }) => new KubeSiteError('BUILD_FAILED', message, { location, frame })),
    hint: HINT,
    cause: error,
  })
}

function describe(problem: unknown, root: string, cwd: string): { message: string; location?: SourceLocation; frame?: string } {
  if (problem instanceof KubeSiteError) return problem
  const fields = (typeof problem === 'object' && problem !== null ? problem : { message: problem }) as BuildProblem
  const text = stripVTControlCharacters(String(fields.sassMessage ?? fields.message ?? problem)).trim()
  const place = sassPlace(fields) ?? rolldownPlace(fields, text, root) ?? pluginPlace(fields)
  if (!place) return { message: text }
  const source = readTextFile(place.file)
  const imported = source !== undefined && fields.code === 'UNRESOLVED_IMPORT' && typeof fields.exporter === 'string' ? importPlace(source, place.file, fields.exporter) : undefined
  if (imported) Object.assign(place, imported)
  return {
    message: (text.split('\n', 1)[0] ?? text).replace(/^\[[^\]]+\]\s*/, ''),
    location: { file: relative(cwd, place.file), line: place.line, column: place.column },
    frame: source === undefined || place.line === undefined ? undefined : codeFrame(source, place.line, place.column),
  }
}

function sassPlace({ span }: BuildProblem): SourceLocation | undefined {
  const url = span?.url === undefined ? '' : String(span.url)
  if (!url.startsWith('file:') || !span?.start) return undefined
  return { file: fileURLToPath(url), line: span.start.line + 1, column: span.start.column + 1 }
}

function rolldownPlace({ id }: BuildProblem, text: string, root: string): SourceLocation | undefined {
  const header = /╭─\[ (.+):(\d+):(\d+) \]/.exec(text)
  if (!header?.[1]) return undefined
  return { file: typeof id === 'string' && isAbsolute(id) ? id : resolve(root, header[1]), line: Number(header[2]), column: Number(header[3]) }
}

function pluginPlace({ loc, id }: BuildProblem): SourceLocation | undefined {
  const file = loc?.file ?? (typeof id === 'string' && isAbsolute(id) ? id : undefined)
  if (file === undefined) return undefined
  return { file, line: loc?.line, column: loc?.column === undefined ? undefined : loc.column + 1 }
}

/** Where the source imports `specifier`: rolldown places an unresolved import in the module as transformed, its types and comments gone. */
function importPlace(source: string, file: string, specifier: string): Position | undefined {
  try {
    const from = parseAst(source, { lang: file.endsWith('x') ? 'tsx' : 'ts' }, file).body.map((statement) => ('source' in statement ? statement.source : undefined)).find((node) => node?.value === specifier)
    return from ? positionOf(source, from.start) : undefined
  } catch {
    return undefined
  }
}
