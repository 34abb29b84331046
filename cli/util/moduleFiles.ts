import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

// The files a module's code is made of: it and every project module it imports, followed through relative specifiers, read from
// the compiled CLI's modules or the TypeScript sources.

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

/** The `entries` and every module they reach, as absolute paths, in the order first reached. */
export function moduleFiles(...entries: string[]): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return
    seen.add(file)
    for (const specifier of importedSpecifiers(readFileSync(file, 'utf8'))) visit(resolve(dirname(file), specifier))
  }
  for (const entry of entries) visit(resolve(entry))
  return [...seen]
}
