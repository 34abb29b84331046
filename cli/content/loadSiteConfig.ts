import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import type { z } from 'zod'
import { KubeSiteError } from '../errors.ts'
import { cacheDir as kubeSiteCacheDir } from '../toolRoot.ts'
import { closestName } from '../util/closestName.ts'
import { writeFileAtomic } from '../util/writeFileAtomic.ts'
import { codeFrame } from './codeFrame.ts'
import { locateKey } from './locateKey.ts'
import { siteConfigSchema, type SiteConfig } from './siteConfigSchema.ts'

export interface LoadedSiteConfig {
  config: SiteConfig
  /** Absolute path of the config file. */
  file: string
  /** Every local file the config imports, for watching in dev. */
  dependencies: string[]
}

/**
 * Loads site.config.ts (bundled with rolldown, like vite loads its config) and validates it. With
 * `cache`, the bundle is kept and used again while the files it was made from are the same.
 */
export async function loadSiteConfig(file: string, cwd = process.cwd(), { cache = false }: { cache?: boolean } = {}): Promise<LoadedSiteConfig> {
  const shown = relative(cwd, file) || file
  if (!existsSync(file)) {
    throw new KubeSiteError('CONFIG_NOT_FOUND', `Site config ${shown} not found`, {
      hint: 'Create site.config.ts exporting defineSiteConfig({...}), or pass --config <file>.',
    })
  }
  const { value, dependencies } = await importConfigModule(file, shown, cache)
  return { config: validateSiteConfig(value, file, shown), file, dependencies }
}

async function importConfigModule(file: string, shown: string, cache: boolean) {
  try {
    // The files the kept bundle was made from, as they are now.
    const entry = cache ? readEntry(file) : undefined
    const known = entry?.dependencies ?? [file]
    const keyNow = cache ? configKey(known) : undefined
    if (entry && keyNow === entry.key && existsSync(moduleFile(file, entry.key))) {
      return { value: await importDefault(moduleFile(file, entry.key), shown), dependencies: entry.dependencies }
    }
    const { build } = await import('rolldown')
    // Bundled where a kept one is: the packages it imports resolve from the project's node_modules.
    mkdirSync(cacheDir, { recursive: true })
    const dir = await mkdtemp(join(cacheDir, 'bundling-'))
    try {
      const outFile = join(dir, 'site.config.mjs')
      const output = await build({
        input: file,
        platform: 'node',
        external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
        logLevel: 'silent',
        output: { file: outFile, format: 'esm', codeSplitting: false },
        write: true,
      })
      const dependencies = output.output.flatMap((chunk) => ('moduleIds' in chunk ? chunk.moduleIds : [])).filter((id) => !id.startsWith('\0'))
      const value = await importDefault(outFile, shown)
      // Kept only if none of those files changed while it was made: its key would not say what is in it.
      if (cache && configKey(known) === keyNow) keepConfig(file, outFile, dependencies)
      return { value, dependencies }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  } catch (error) {
    if (error instanceof KubeSiteError) throw error
    const syntax = syntaxError(error, file, shown)
    if (syntax) throw syntax
    throw new KubeSiteError('CONFIG_LOAD_FAILED', `${shown} could not be loaded: ${firstLine(error)}`, {
      location: { file: shown },
      hint: 'Fix the syntax or the import named above; the file must be valid TypeScript.',
      cause: error,
    })
  }
}

/** The config module's default export (evaluated anew each time: a dev server loads it again after an edit). */
async function importDefault(moduleFile: string, shown: string): Promise<unknown> {
  const module = (await import(`${pathToFileURL(moduleFile).href}?t=${Date.now()}`)) as { default?: unknown }
  if (module.default === undefined) {
    throw new KubeSiteError('CONFIG_LOAD_FAILED', `${shown} has no default export`, {
      location: { file: shown },
      hint: 'End the file with: export default defineSiteConfig({ ... })',
    })
  }
  return module.default
}

// A config bundled once is kept in the cache and used again while every file it was bundled from
// is the same: a build then neither loads rolldown (28-42 ms, before anything else can start) nor
// bundles (8-18 ms). A config file has one entry, `<its path's hash>.json`, naming the files and
// the key of its module, `<its path's hash>-<key>.mjs`.

/** A config's entry in the cache. */
interface ConfigEntry {
  key: string
  dependencies: string[]
}

/** What the bundle is made with besides its files: the bundler's settings, and rolldown's version. */
const BUNDLED_WITH = 'esm, node, packages external'
let rolldownVersion: string | undefined

/** The key of a bundle of these files (their paths and texts); undefined when one cannot be read. */
function configKey(dependencies: readonly string[]): string | undefined {
  rolldownVersion ??= (createRequire(import.meta.url)('rolldown/package.json') as { version: string }).version
  const hash = createHash('sha256').update(`${BUNDLED_WITH}\0${rolldownVersion}`)
  try {
    for (const file of dependencies) hash.update(`\0${file}\0`).update(readFileSync(file))
  } catch {
    return undefined
  }
  return hash.digest('hex').slice(0, 32)
}

const cacheName = (file: string) => createHash('sha256').update(file).digest('hex').slice(0, 16)
const cacheDir = join(kubeSiteCacheDir, 'config')
const entryFile = (file: string) => join(cacheDir, `${cacheName(file)}.json`)
const moduleFile = (file: string, key: string) => join(cacheDir, `${cacheName(file)}-${key}.mjs`)

function readEntry(file: string): ConfigEntry | undefined {
  try {
    const entry = JSON.parse(readFileSync(entryFile(file), 'utf8')) as ConfigEntry
    return typeof entry.key === 'string' && Array.isArray(entry.dependencies) ? entry : undefined
  } catch {
    return undefined
  }
}

/** Keeps a bundle of `file` (its module, then the entry naming it: a reader finds both or the last ones), and drops the one it replaces. */
function keepConfig(file: string, bundled: string, dependencies: string[]): void {
  const key = configKey(dependencies)
  if (!key) return
  const previous = readEntry(file)?.key
  renameSync(bundled, moduleFile(file, key))
  writeFileAtomic(entryFile(file), JSON.stringify({ key, dependencies } satisfies ConfigEntry))
  if (previous && previous !== key) rmSync(moduleFile(file, previous), { force: true })
}

/** Validates a config value; every problem is reported with its field path and, where found, its line. */
export function validateSiteConfig(value: unknown, file: string, shown = file): SiteConfig {
  const result = siteConfigSchema.safeParse(value)
  if (result.success) return result.data
  const source = readSource(file)
  // `emial` is reported as an unknown key (did you mean email?); that email "is required" would say it again.
  const suggested = new Set(
    result.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys' ? issue.keys.map((key) => pathText([...issue.path, closestName(key, objectKeysAt(siteConfigSchema, issue.path) ?? []) ?? ''])) : [],
    ),
  )
  const problems = result.error.issues
    .filter((issue) => !(issue.code === 'invalid_type' && valueAt(value, issue.path) === undefined && suggested.has(pathText(issue.path))))
    .flatMap((issue) => issueToErrors(issue, value, source, shown))
  const count = problems.length
  throw new KubeSiteError('CONFIG_INVALID', `${shown} is not a valid site config (${count} problem${count === 1 ? '' : 's'})`, {
    problems,
    hint: 'Field names and defaults are documented in README.md and in your editor (defineSiteConfig).',
  })
}

/**
 * rolldown's parse error as a problem of the file at its line and column, with a code frame, as
 * post errors are; undefined for any other failure.
 */
function syntaxError(error: unknown, configFile: string, shown: string): KubeSiteError | undefined {
  const first = (error as { errors?: { code?: string; message?: string; loc?: { file?: string; line: number; column: number } }[] }).errors?.[0]
  if (first?.code !== 'PARSE_ERROR' || !first.loc?.file) return undefined
  const { file, line } = first.loc
  const column = first.loc.column + 1
  const source = readSource(file)
  const reason = stripVTControlCharacters(first.message ?? '').split('\n')[0]!.replace(/^\[PARSE_ERROR\]\s*/, '')
  return new KubeSiteError('CONFIG_LOAD_FAILED', `syntax error: ${reason}`, {
    location: { file: file === configFile ? shown : relative(process.cwd(), file) || file, line, column },
    frame: source ? codeFrame(source, line, column) : undefined,
    hint: 'The config must be valid TypeScript: check the brackets, commas and quotes around this line.',
    cause: error,
  })
}

/** Each problem zod found, one per unknown key, at its line where the source shows it. */
function issueToErrors(issue: z.core.$ZodIssue, input: unknown, source: string | undefined, shown: string): KubeSiteError[] {
  if (issue.code === 'unrecognized_keys') {
    const known = objectKeysAt(siteConfigSchema, issue.path) ?? []
    return issue.keys.map((key) => {
      const suggestion = closestName(key, known)
      const message = `unknown key${suggestion ? ` (did you mean ${suggestion}?)` : ''}`
      const hint = `Known keys${issue.path.length ? ` of ${pathText(issue.path)}` : ''}: ${known.join(', ')}.`
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
  return new KubeSiteError('CONFIG_INVALID', `${path.length ? pathText(path) : '(root)'}: ${message}`, {
    location: position ? { file: shown, ...position } : { file: shown },
    frame: source && position ? codeFrame(source, position.line, position.column) : undefined,
    hint,
  })
}

// A key that is not a name (the old paths of `redirects`) is quoted: redirects['/old/'].
const pathText = (path: readonly PropertyKey[]) =>
  path
    .map((key) => (typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(String(key)) ? `.${String(key)}` : `['${String(key)}']`))
    .join('')
    .replace(/^\./, '')

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

/** The text of a file for a message's line and code frame; undefined when it cannot be read. */
export const readSource = (file: string) => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]
