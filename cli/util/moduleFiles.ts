import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

// The files a module's code is made of: it and every project module it imports, statically or
// dynamically, followed through relative specifiers (packages are versioned apart). Read from the
// TypeScript sources as they are (the CLI runs them as written), where an `import type` brings no
// code; plain ES modules read the same way.

const SPECIFIERS = /(?:^|[\s;}])(import|export)(\s+type\b)?[^'"();]*?\s*\bfrom\s*(["'])(\.[^"']+)\3|\bimport\s*\(\s*(["'])(\.[^"']+)\5\s*\)|^import\s*(["'])(\.[^"']+)\7/gm

/** The relative specifiers of the modules `source` loads code from. */
export function importedSpecifiers(source: string): string[] {
  const found: string[] = []
  for (const match of source.matchAll(SPECIFIERS)) {
    if (match[2]) continue // import type / export type
    found.push((match[4] ?? match[6] ?? match[8])!)
  }
  return found
}

/** The files `entries` are and every module they reach, as absolute paths, with their texts, in the order first reached. */
export function moduleTexts(...entries: string[]): Map<string, string> {
  const texts = new Map<string, string>()
  const visit = (file: string) => {
    if (texts.has(file) || !existsSync(file)) return
    const text = readFileSync(file, 'utf8')
    texts.set(file, text)
    for (const specifier of importedSpecifiers(text)) visit(resolve(dirname(file), specifier))
  }
  for (const entry of entries) visit(resolve(entry))
  return texts
}

/** `entry` and every module it reaches, as absolute paths, in the order first reached. */
export const moduleFiles = (entry: string): string[] => [...moduleTexts(entry).keys()]
