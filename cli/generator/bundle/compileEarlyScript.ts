import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { minifySync, transformSync } from 'rolldown/utils'
import type { SiteConfig } from '../../content/types.ts'
import { internalError } from '../../errors.ts'
import { DEFAULT_THEME, themeStorageKey } from '../../../pages/_lib/browser/theme.ts'
import { toolRoot } from '../../toolRoot.ts'

/** The module whose `earlyScript` function becomes the inline script of every page. */
export const EARLY_SCRIPT_FILE = join(toolRoot, 'pages', '_lib', 'islands', 'earlyScript.ts')

/** Each script compiled, by its source and arguments: the bundle and the policies both need it, and dev after every edit. */
const compiled = new Map<string, string>()

/** Every page's inline script: earlyScript.ts's function, types stripped, called on <html> with the theme's key and default, minified; once per version of the file. */
export function compileEarlyScript(storageKey: string, fallback: string, file = EARLY_SCRIPT_FILE): string {
  const source = readFileSync(file, 'utf8')
  const key = JSON.stringify([file, source, storageKey, fallback])
  let script = compiled.get(key)
  if (script === undefined) {
    // dev compiles each saved version: only the latest few are worth keeping.
    if (compiled.size >= 4) compiled.clear()
    compiled.set(key, (script = compile(source, storageKey, fallback, file)))
  }
  return script
}

/** This site's inline script: the theme it stores under its brand's name, and the default theme. */
export function siteEarlyScript(config: Pick<SiteConfig, 'brand'>): string {
  return compileEarlyScript(themeStorageKey(config.brand.name), DEFAULT_THEME)
}

function compile(source: string, storageKey: string, fallback: string, file: string): string {
  const { code, errors } = transformSync(file, source, { lang: 'ts' })
  if (errors.length) throw internalError(`${file} could not be compiled: ${errors.map((error) => error.message).join('; ')}`)
  // Serialized into the page, the function has nothing to import: type imports are gone by now.
  if (/^\s*import\b/m.test(code)) throw internalError(`${file} imports at run time; the inline script can use nothing from outside itself`)
  const body = code.replace(/^export (?=function earlyScript\b)/m, '')
  const script = `(function(){${body}\nearlyScript(document.documentElement,${JSON.stringify(storageKey)},${JSON.stringify(fallback)})})()`
  const minified = minifySync('early-script.js', script, { compress: true, mangle: true })
  if (minified.errors?.length) throw internalError(`the inline script could not be minified: ${minified.errors.map((error) => error.message).join('; ')}`)
  return minified.code.trim().replace(/;$/, '')
}
