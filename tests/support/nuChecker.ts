import { execFile } from 'node:child_process'
import { relative } from 'node:path'
import { promisify } from 'node:util'
import { createRequire } from 'node:module'

const run = promisify(execFile)
/** The checker itself, from the vnu-jar package (it needs Java; tests/run.mjs installs it when missing). */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')

/** One error the W3C Nu HTML checker reports. */
export interface NuError {
  /** The page, relative to the folder checked. */
  file: string
  line?: number
  message: string
}

/**
 * What the spec asks of the demo video (SPEC.md: no download, no playback rate, no
 * picture-in-picture) takes two attributes that browsers read and HTML does not define.
 */
export const ALLOWED: readonly RegExp[] = [/^Attribute “controlslist” not allowed on element “video”/, /^Attribute “disablepictureinpicture” not allowed on element “video”/]

/** Every error the Nu checker finds in the HTML files under `dir` (one Java run for them all), but the allowed ones. */
export async function nuErrors(dir: string): Promise<NuError[]> {
  // vnu exits 1 when it finds errors; its findings are on stderr either way. A run of a test site
  // is over in a second or two, before the JIT's second tier or parallel collection pays off: the
  // first tier alone and the serial collector take it from 3.5 to 1.6 s of CPU (same findings).
  const { stderr } = await run('java', ['-Xss8m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', VNU_JAR, '--errors-only', '--format', 'json', '--skip-non-html', dir], { maxBuffer: 256 * 1024 * 1024 }).catch(
    (error: { stderr?: string; code?: unknown }) => {
      if (typeof error.stderr !== 'string' || error.code !== 1) throw error
      return { stderr: error.stderr }
    },
  )
  const { messages } = JSON.parse(stderr) as { messages: { type: string; url?: string; lastLine?: number; message: string }[] }
  return messages
    .filter((message) => message.type === 'error' && !ALLOWED.some((allowed) => allowed.test(message.message)))
    .map((message) => ({ file: message.url ? relative(dir, new URL(message.url).pathname) : dir, line: message.lastLine, message: message.message }))
}

/** The errors as lines for an assertion's message: `blog/index.html:12 Bad value …`. */
export const formatNuErrors = (errors: NuError[]): string => errors.map(({ file, line, message }) => `${file}${line ? `:${line}` : ''} ${message}`).join('\n')
