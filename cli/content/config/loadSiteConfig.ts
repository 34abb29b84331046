import { configPathText } from './configPath.ts'
import { existsSync } from 'node:fs'
import { relative } from 'node:path'
import type { z } from 'zod'
import { KubeSiteError } from '../../errors.ts'
import { toolRoot } from '../../toolRoot.ts'
import { closestName } from '../../util/closestName.ts'
import { importFresh } from '../../util/importFresh.ts'
import { readTextFile } from '../../util/readFile.ts'
import { codeFrame } from '../codeFrame.ts'
import { locateKey } from '../locateKey.ts'
import { siteConfigSchema, type SiteConfig } from './siteConfigSchema.ts'
import { positionOf } from '../textPosition.ts'

export interface LoadedSiteConfig {
  config: SiteConfig
  /** Absolute path of the config file. */
  file: string
  /** Every local file the config imports, with the config itself: a dev server watches them. */
  dependencies: string[]
}

/** Loads and validates site.config.ts, run by Node with types stripped, with every local file it imports anew at each call (dev reloads). */
export async function loadSiteConfig(file: string, cwd = process.cwd()): Promise<LoadedSiteConfig> {
  const shown = relative(cwd, file) || file
  if (!existsSync(file)) throw new KubeSiteError('CONFIG_NOT_FOUND', `Site config ${shown} not found`, { hint: 'Create site.config.ts exporting defineSiteConfig({...}), or pass --config <file>.' })
  const { value, dependencies } = await importConfigModule(file, shown)
  return { config: validateSiteConfig(value, file, shown), file, dependencies }
}

// Node 26 runs TypeScript, so the config is imported anew, not bundled (importFresh.ts): the type stripper's 35-50 ms left builds no slower, dev reloads faster.
async function importConfigModule(file: string, shown: string) {
  const imported = await importFresh(file, { packagesFrom: toolRoot })
  if ('module' in imported) {
    if (imported.module.default === undefined) {
      throw new KubeSiteError('CONFIG_LOAD_FAILED', `${shown} has no default export`, { location: { file: shown }, hint: 'End the file with: export default defineSiteConfig({ ... })' })
    }
    return { value: imported.module.default, dependencies: imported.files }
  }
  const { error, files } = imported
  const syntax = (error as Error | undefined)?.name === 'SyntaxError' ? await syntaxError(files, file, shown, error) : undefined
  if (syntax) throw syntax
  throw new KubeSiteError('CONFIG_LOAD_FAILED', `${shown} could not be loaded: ${firstLine(error)}`, {
    location: { file: shown },
    hint: (error as { code?: string }).code === 'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX'
      ? 'Node runs the config with its types stripped, which leaves out what makes code (an enum, a namespace, a constructor parameter property): use a union of strings or a plain object instead.'
      : 'Fix the syntax or the import named above: an import names its file with the extension (./plans.ts), and the file must be valid TypeScript.',
    cause: error,
  })
}

/** Validates a config value; every problem is reported with its field path and, where found, its line. */
export function validateSiteConfig(value: unknown, file: string, shown = file): SiteConfig {
  const result = siteConfigSchema.safeParse(value)
  if (result.success) return result.data
  const source = readTextFile(file)
  // `emial` is reported as an unknown key (did you mean email?); that email "is required" would say it again.
  const suggested = new Set(
    result.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys' ? issue.keys.map((key) => configPathText([...issue.path, closestName(key, objectKeysAt(siteConfigSchema, issue.path) ?? []) ?? ''])) : [],
    ),
  )
  const problems = result.error.issues
    .filter((issue) => !(issue.code === 'invalid_type' && valueAt(value, issue.path) === undefined && suggested.has(configPathText(issue.path))))
    .flatMap((issue) => issueToErrors(issue, value, source, shown))
  const count = problems.length
  throw new KubeSiteError('CONFIG_INVALID', `${shown} is not a valid site config (${count} problem${count === 1 ? '' : 's'})`, {
    problems,
    hint: 'Field names and defaults are documented in README.md and in your editor (defineSiteConfig).',
  })
}

/** A syntax error as a problem at its file, line and column; Node's SyntaxError names neither, so the reached files are parsed again by oxc, on this path only. */
async function syntaxError(files: readonly string[], configFile: string, shown: string, cause: unknown): Promise<KubeSiteError | undefined> {
  const { parseSync } = await import('rolldown/utils')
  for (const file of files) {
    const source = readTextFile(file)
    const first = source === undefined ? undefined : parseSync(file, source).errors[0]
    if (!source || !first) continue
    const { line, column } = positionOf(source, first.labels[0]?.start ?? 0)
    return new KubeSiteError('CONFIG_LOAD_FAILED', `syntax error: ${first.message}`, {
      location: { file: file === configFile ? shown : relative(process.cwd(), file) || file, line, column },
      frame: codeFrame(source, line, column),
      hint: 'The config must be valid TypeScript: check the brackets, commas and quotes around this line.',
      cause,
    })
  }
  return undefined
}

/** Each problem zod found, one per unknown key, at its line where the source shows it. */
function issueToErrors(issue: z.core.$ZodIssue, input: unknown, source: string | undefined, shown: string): KubeSiteError[] {
  if (issue.code === 'unrecognized_keys') {
    const known = objectKeysAt(siteConfigSchema, issue.path) ?? []
    return issue.keys.map((key) => {
      const suggestion = closestName(key, known)
      const message = `unknown key${suggestion ? ` (did you mean ${suggestion}?)` : ''}`
      const hint = `Known keys${issue.path.length ? ` of ${configPathText(issue.path)}` : ''}: ${known.join(', ')}.`
      return problemAt([...issue.path, key], message, source, shown, hint)
    })
  }
  const missing = issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined
  // A refinement may say what to do (a Content-Security-Policy source's problem does).
  const hint = issue.code === 'custom' && typeof issue.params?.hint === 'string' ? issue.params.hint : undefined
  return [problemAt(issue.path, missing ? 'is required' : issue.message, source, shown, hint)]
}

function problemAt(path: readonly PropertyKey[], message: string, source: string | undefined, shown: string, hint?: string) {
  const position = source ? locateKey(source, path) : undefined
  return new KubeSiteError('CONFIG_INVALID', `${path.length ? configPathText(path) : '(root)'}: ${message}`, {
    location: position ? { file: shown, ...position } : { file: shown },
    frame: source && position ? codeFrame(source, position.line, position.column) : undefined,
    hint,
  })
}

/** The keys the schema allows in the object at `path` of the config, where it is an object. */
function objectKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] | undefined {
  let current = unwrap(schema)
  for (const key of path) {
    const def = current._zod.def
    const next = def.type === 'object' ? (def as z.core.$ZodObjectDef).shape[String(key)] : def.type === 'array' ? (def as z.core.$ZodArrayDef).element : undefined
    if (!next) return undefined
    current = unwrap(next as z.ZodType)
  }
  return current._zod.def.type === 'object' ? Object.keys((current._zod.def as z.core.$ZodObjectDef).shape) : undefined
}

/** The schema inside optional(), default(), prefault() and the like. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema
  for (let def = current._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType }; ; def = current._zod.def as typeof def) {
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined)
    if (!inner) return current
    current = inner
  }
}

const valueAt = (value: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((current, key) => (current !== null && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[key] : undefined), value)

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]
