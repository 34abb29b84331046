import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { setSiteContent } from '../generator/siteContent.ts'
import { createContentState } from './createContentState.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const post = (title: string, extra = '') => `---\ntitle: "${title}"\nexcerpt: "E"\nauthor: "A"\ndate: 2025-01-05\ntags: [k8s]\n${extra}---\nBody.\n`

let dir: string | undefined
afterEach(() => {
  setSiteContent(undefined)
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

describe('createContentState', () => {
  it("keeps the site's redirects current as posts change, and the last good ones while a post is broken", async () => {
    dir = mkdtempSync(join(tmpdir(), 'kube-site-dev-content-'))
    const file = join(dir, 'renamed.md')
    writeFileSync(file, post('Renamed', 'redirectFrom: /blog/old-name\n'))
    const state = createContentState({ configFile: join(repo, 'site.config.ts'), postsDir: dir, drafts: true, cwd: dir })
    await state.load()
    expect(state.error).toBeUndefined()
    expect([...state.redirects]).toEqual([['/blog/old-name/', '/blog/renamed/']])

    writeFileSync(file, post('Renamed', 'redirectFrom: [/blog/old-name/, /blog/older-name/]\n'))
    await state.reloadPost(file, true)
    expect([...state.redirects]).toEqual([
      ['/blog/old-name/', '/blog/renamed/'],
      ['/blog/older-name/', '/blog/renamed/'],
    ])

    // Another post claims one of them: the problem is reported, the last good redirects stay.
    writeFileSync(join(dir, 'other.md'), post('Other', 'redirectFrom: /blog/old-name/\n'))
    await state.reloadPost(join(dir, 'other.md'), true)
    expect(String((state.error as Error).message)).toBe('1 post has problems')
    expect(state.redirects.size).toBe(2)

    rmSync(join(dir, 'other.md'))
    await state.reloadPost(join(dir, 'other.md'), false)
    writeFileSync(file, post('Renamed'))
    await state.reloadPost(file, true)
    expect(state.error).toBeUndefined()
    expect([...state.redirects]).toEqual([])
  })
})
