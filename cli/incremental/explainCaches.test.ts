import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cacheLine, openCacheLog } from './explainCaches.ts'
import { createFingerprint, type CacheName } from './fingerprint.ts'

// What a miss says on a build with no digests recorded before it (a first build, or caches moved): nothing is read but that file, absent.

const noRecord = join(tmpdir(), 'kube-site-explain-caches-test-none.json')

describe('openCacheLog', () => {
  const rows: [cache: CacheName, told: string, line: string][] = [
    ['bundle', 'not in the cache', 'bundle: miss (no previous)'],
    ['posts', 'content changed', 'posts: 0 hit, 1 miss (no previous)'],
    // Keyed by what they are made from alone: their own reason from the first build on.
    ['cli compile', 'cli/index.ts changed', 'cli compile: miss (cli/index.ts changed)'],
    ['stylesheets', 'bundle made by this build', 'stylesheets: miss (bundle made by this build)'],
  ]
  it.each(rows)('%s, told "%s", with no build before: %s', (cache, told, line) => {
    const log = openCacheLog(createFingerprint(), { file: noRecord })
    log.miss(cache, told, cache === 'posts' ? 1 : undefined)
    expect(log.outcomes().map(cacheLine)).toEqual([line])
  })
})
