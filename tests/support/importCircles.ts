import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { parseSync } from 'rolldown/utils'

// Import circles among the project's own modules, found with oxc's parser (rolldown's).
// Every static import and re-export counts, of types too (as madge counts them): two modules
// that need each other's types are one module in two files, or share a third. A dynamic import()
// runs when it is called, after both modules have loaded, so it is not followed.

/** The TypeScript modules under `dirs`, test files and fixtures left out. */
export function sourceFiles(dirs: string[]): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== '__fixtures__') walk(path)
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) files.push(resolve(path))
    }
  }
  for (const dir of dirs) walk(dir)
  return files.sort()
}

/** The project modules `file` imports statically (relative specifiers only: packages cannot import us back). */
export function staticImports(file: string): string[] {
  const { module } = parseSync(file, readFileSync(file, 'utf8'))
  const specifiers = [...module.staticImports.map(({ moduleRequest }) => moduleRequest.value), ...module.staticExports.flatMap(({ entries }) => entries.flatMap(({ moduleRequest }) => (moduleRequest ? [moduleRequest.value] : [])))]
  return specifiers.filter((specifier) => specifier.startsWith('.')).map((specifier) => resolve(dirname(file), specifier))
}

/** Every circle among `files` (strongly connected components of two or more modules, or one importing itself), as paths relative to `root`. */
export function importCircles(files: string[], root: string): string[][] {
  const known = new Set(files)
  const edges = new Map(files.map((file) => [file, staticImports(file).filter((target) => known.has(target))]))
  // Tarjan's algorithm.
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next++)
    stack.push(file)
    onStack.add(file)
    for (const target of edges.get(file)!) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!))
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || edges.get(file)!.includes(file)) circles.push(component.map((path) => relative(root, path)).sort())
  }
  for (const file of files) if (!index.has(file)) visit(file)
  return circles
}
