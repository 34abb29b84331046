import { existsSync, readFileSync, rmSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { z } from 'zod'
import { KubeSiteError } from '../errors.ts'
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

/** Loads site.config.ts (bundled with rolldown, like vite loads its config) and validates it. */
export async function loadSiteConfig(file: string, cwd = process.cwd()): Promise<LoadedSiteConfig> {
  const shown = relative(cwd, file) || file
  if (!existsSync(file)) {
    throw new KubeSiteError('CONFIG_NOT_FOUND', `Site config ${shown} not found`, {
      hint: 'Create site.config.ts exporting defineSiteConfig({...}), or pass --config <file>.',
    })
  }
  const { value, dependencies } = await importConfigModule(file, shown)
  return { config: validateSiteConfig(value, file, shown), file, dependencies }
}

async function importConfigModule(file: string, shown: string) {
  const { build } = await import('rolldown')
  const dir = await mkdtemp(join(tmpdir(), 'kube-site-config-'))
  const outFile = join(dir, 'site.config.mjs')
  try {
    const output = await build({
      input: file,
      platform: 'node',
      external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
      logLevel: 'silent',
      output: { file: outFile, format: 'esm', codeSplitting: false },
      write: true,
    })
    const dependencies = output.output.flatMap((chunk) => ('moduleIds' in chunk ? chunk.moduleIds : []))
    const module = (await import(`${pathToFileURL(outFile).href}?t=${Date.now()}`)) as { default?: unknown }
    if (module.default === undefined) {
      throw new KubeSiteError('CONFIG_LOAD_FAILED', `${shown} has no default export`, {
        location: { file: shown },
        hint: 'End the file with: export default defineSiteConfig({ ... })',
      })
    }
    return { value: module.default, dependencies: dependencies.filter((id) => !id.startsWith('\0')) }
  } catch (error) {
    if (error instanceof KubeSiteError) throw error
    throw new KubeSiteError('CONFIG_LOAD_FAILED', `${shown} could not be loaded: ${firstLine(error)}`, {
      location: { file: shown },
      hint: 'Fix the syntax or the import named above; the file must be valid TypeScript.',
      cause: error,
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Validates a config value; every problem is reported with its field path and, where found, its line. */
export function validateSiteConfig(value: unknown, file: string, shown = file): SiteConfig {
  const result = siteConfigSchema.safeParse(value)
  if (result.success) return result.data
  const source = readSource(file)
  const problems = result.error.issues.map((issue) => issueToError(issue, value, source, shown))
  const count = problems.length
  throw new KubeSiteError('CONFIG_INVALID', `${shown} is not a valid site config (${count} problem${count === 1 ? '' : 's'})`, {
    problems,
    hint: 'Field names and defaults are documented in README.md and in your editor (defineSiteConfig).',
  })
}

function issueToError(issue: z.core.$ZodIssue, input: unknown, source: string | undefined, shown: string) {
  const path = issue.path.length ? issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('').slice(1) : '(root)'
  const position = source ? locateKey(source, issue.path) : undefined
  const location = position ? { file: shown, ...position } : { file: shown }
  const missing = issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined
  const message = missing ? 'is required' : issue.message
  return new KubeSiteError('CONFIG_INVALID', `${path}: ${message}`, {
    location,
    frame: source && position ? codeFrame(source, position.line, position.column) : undefined,
  })
}

const valueAt = (value: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((current, key) => (current !== null && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[key] : undefined), value)

const readSource = (file: string) => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]
