import { SourceMap } from 'node:module'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { codeFrame } from '../../content/codeFrame.ts'
import { KubeSiteError, type SourceLocation } from '../../errors.ts'
import { readTextFile } from '../../util/readFile.ts'

/**
 * An error a page threw while rendering, with the page named, and the line of pages/ that threw it: the first frame of its stack
 * in the server bundle (`serverDir`), through that file's hidden source map (viteConfig.ts names each source from `root`).
 */
export function renderError(path: string, error: unknown, serverDir: string, root: string, cwd = process.cwd()): KubeSiteError {
  if (error instanceof KubeSiteError) return error
  const place = thrownAt(error, serverDir)
  const source = place && readTextFile(join(root, place.file))
  return new KubeSiteError('BUILD_FAILED', `The page ${path} could not be rendered: ${error instanceof Error ? error.message : String(error)}`, {
    location: place && { ...place, file: relative(cwd, join(root, place.file)) },
    frame: place && source !== undefined ? codeFrame(source, place.line!, place.column) : undefined,
    hint: 'The error is in pages/: vike printed its stack above. A server would answer with the error page; a build stops.',
    cause: error,
  })
}

/** Where in the site's code (relative to the tool's root) the error was thrown, if a frame of its stack is in the server bundle. */
export function thrownAt(error: unknown, serverDir: string): SourceLocation | undefined {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : ''
  for (const [, url, line, column] of stack.matchAll(/(file:\/\/[^\s()]+):(\d+):(\d+)/g)) {
    const file = fileURLToPath(url!)
    if (!file.startsWith(serverDir + sep)) continue
    const map = readTextFile(`${file}.map`)
    if (map === undefined) continue
    const entry = new SourceMap(JSON.parse(map) as ConstructorParameters<typeof SourceMap>[0]).findEntry(Number(line) - 1, Number(column) - 1)
    if ('originalSource' in entry && entry.originalSource && !entry.originalSource.includes('node_modules')) {
      return { file: entry.originalSource, line: entry.originalLine + 1, column: entry.originalColumn + 1 }
    }
  }
  return undefined
}
