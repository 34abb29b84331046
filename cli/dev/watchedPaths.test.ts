import { describe, expect, it } from 'vitest'
import { ignoredOutsideSiteInputs } from './watchedPaths.ts'

describe('ignoredOutsideSiteInputs', () => {
  const inputs = ['/tool/tests/.tmp/site-a/posts', '/tool/tests/.tmp/site-a/site.config.ts', '/elsewhere/plans.ts']
  const ignored = ignoredOutsideSiteInputs('/tool', () => inputs)

  it('watches the folders the pages are made of, and everything in them', () => {
    for (const path of ['/tool/pages', '/tool/pages/index/+Page.tsx', '/tool/styles/global.scss', '/tool/public/favicon.svg', '/tool/cli/content/types.ts']) expect(ignored(path), path).toBe(false)
  })

  it("watches the site's inputs, and the folders on the way to them, but nothing else there", () => {
    for (const path of ['/tool', '/tool/tests', '/tool/tests/.tmp', '/tool/tests/.tmp/site-a', '/tool/tests/.tmp/site-a/posts/a.md', '/tool/tests/.tmp/site-a/site.config.ts']) expect(ignored(path), path).toBe(false)
    for (const path of ['/tool/tests/browser', '/tool/tests/.tmp/site-b', '/tool/tests/.tmp/site-a/dist', '/tool/tests/.tmp/site-a/site.config.ts.bak', '/tool/dist', '/tool/dist/index.html', '/tool/README.md', '/tool/pagesX'])
      expect(ignored(path), path).toBe(true)
  })

  it('reads the inputs on every call, so a file the config starts importing is watched', () => {
    const current = ['/tool/site.config.ts']
    const live = ignoredOutsideSiteInputs('/tool', () => current)
    expect(live('/tool/data/plans.ts')).toBe(true)
    current.push('/tool/data/plans.ts')
    expect(live('/tool/data')).toBe(false)
    expect(live('/tool/data/plans.ts')).toBe(false)
  })

  it('leaves paths outside the root to those who add them', () => {
    expect(ignored('/elsewhere/plans.ts')).toBe(false)
    expect(ignored('/dev/shm/site/posts/a.md')).toBe(false)
  })
})
