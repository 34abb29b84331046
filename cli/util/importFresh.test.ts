import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { importFresh, type FreshImport } from './importFresh.ts'

const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/importFresh/${name}`, import.meta.url))
const moduleOf = (imported: FreshImport) => {
  if (!('module' in imported)) throw imported.error
  return imported.module
}

it('evaluates the file and the files it imports by a path anew each time, and a package once', async () => {
  const first = await importFresh(fixture('entry.ts'))
  const second = await importFresh(fixture('entry.ts'))
  expect(moduleOf(second).counted).toBe((moduleOf(first).counted as number) + 1)
  expect(moduleOf(second).schema).toBe(moduleOf(first).schema)
  expect(second.files).toEqual([fixture('entry.ts'), fixture('counted.ts')])
})

it('imports side by side, each with its own files', async () => {
  const [entry, counted] = await Promise.all([importFresh(fixture('entry.ts')), importFresh(fixture('counted.ts'))])
  expect(entry.files).toEqual([fixture('entry.ts'), fixture('counted.ts')])
  expect(counted.files).toEqual([fixture('counted.ts')])
  expect(moduleOf(entry).counted).not.toBe(moduleOf(counted).evaluations)
})

it('gives what a failed import threw, and the files it reached', async () => {
  const imported = await importFresh(fixture('broken.ts'))
  expect('error' in imported && (imported.error as { code?: string }).code).toBe('ERR_MODULE_NOT_FOUND')
  expect(imported.files).toEqual([fixture('broken.ts'), fixture('counted.ts')])
})
