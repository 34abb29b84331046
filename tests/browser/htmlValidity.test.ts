import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { sharedSite } from '../support/buildSite.ts'
import { formatNuErrors, nuErrors } from '../support/nuChecker.ts'

// Every page the build writes is valid HTML, as the W3C Nu HTML checker (the vnu-jar package)
// judges it: the default site, and fixture sites with tag and author pages and redirect pages.
// The video's controlslist and disablepictureinpicture are the spec's, and the only exceptions.

describe('the Nu HTML checker', () => {
  it('finds errors where there are some, with their file and line, and passes the allowed video attributes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nu-'))
    mkdirSync(join(dir, 'blog'))
    const page = (body: string) => `<!DOCTYPE html>\n<html lang="en"><head><title>t</title></head><body>\n${body}\n</body></html>\n`
    writeFileSync(join(dir, 'index.html'), page('<video controls controlslist="nodownload" disablepictureinpicture src="v.mp4"></video>'))
    writeFileSync(join(dir, 'blog', 'index.html'), page('<link rel="stylesheet" href="a.css" type="none">'))
    const errors = await nuErrors(dir)
    expect(errors).toEqual([{ file: join('blog', 'index.html'), line: 3, message: expect.stringContaining('Subtype missing') }])
  })
})

describe('every page is valid HTML', () => {
  it('on the default site', async () => {
    const errors = await nuErrors(inject('siteDist'))
    expect(errors, formatNuErrors(errors)).toEqual([])
  })

  it('on a site with tag and author pages', async () => {
    const { outDir } = await sharedSite({ posts: 'tests/browser/__fixtures__/blog-site/posts', config: 'tests/browser/__fixtures__/authors.config.ts' })
    const errors = await nuErrors(outDir)
    expect(errors, formatNuErrors(errors)).toEqual([])
  })

  it('on a site under a base, with redirect pages', async () => {
    const { outDir } = await sharedSite({ posts: 'tests/browser/__fixtures__/redirect-site/posts', config: 'tests/browser/__fixtures__/redirects.config.ts', base: '/marketing/' })
    const errors = await nuErrors(outDir)
    expect(errors, formatNuErrors(errors)).toEqual([])
  })
})
