import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { filesUnder } from './filesUnder.ts'

const dir = mkdtempSync(join(tmpdir(), 'kube-site-files-under-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('filesUnder', () => {
  it('lists every file, at any depth, relative to the folder however it is named', () => {
    for (const file of ['index.html', join('blog', 'index.html'), join('blog', 'a', 'index.html'), join('blog', 'a', 'b', 'c.txt')]) {
      mkdirSync(join(dir, file, '..'), { recursive: true })
      writeFileSync(join(dir, file), file)
    }
    mkdirSync(join(dir, 'empty'))
    const expected = ['index.html', join('blog', 'index.html'), join('blog', 'a', 'index.html'), join('blog', 'a', 'b', 'c.txt')].sort()
    expect(filesUnder(dir).sort()).toEqual(expected)
    expect(filesUnder(`${dir}/`).sort()).toEqual(expected)
    expect(filesUnder(relative(process.cwd(), dir)).sort()).toEqual(expected)
    expect(filesUnder(join(dir, 'blog', '..', 'blog')).sort()).toEqual(['index.html', join('a', 'index.html'), join('a', 'b', 'c.txt')].sort())
  })

  it('finds nothing in a folder that is not there', () => {
    expect(filesUnder(join(dir, 'missing'))).toEqual([])
  })
})
