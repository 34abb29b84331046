import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readJsonFile, readTextFile } from './readFile.ts'

describe('readJsonFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kube-site-read-json-'))
  writeFileSync(join(dir, 'record.json'), '{"version":"1","keys":["a"]}')
  writeFileSync(join(dir, 'cut.json'), '{"version":"1","ke')
  mkdirSync(join(dir, 'folder.json'))
  it.each([
    ['a record', 'record.json', { version: '1', keys: ['a'] }],
    ['a record cut short', 'cut.json', undefined],
    ['no file', 'absent.json', undefined],
    ['a folder of the name', 'folder.json', undefined],
  ])('%s: %j', (_, name, expected) => expect(readJsonFile(join(dir, name))).toEqual(expected))
  it('reads a file\'s text, or gives undefined for no file and a folder', () => {
    expect([readTextFile(join(dir, 'cut.json')), readTextFile(join(dir, 'absent.json')), readTextFile(join(dir, 'folder.json'))]).toEqual(['{"version":"1","ke', undefined, undefined])
  })
})
