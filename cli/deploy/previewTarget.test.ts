import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { KubeSiteError } from '../errors.ts'
import { builtBase, checkBase, checkBuiltBase, targetRole } from './previewTarget.ts'

const to = (prefix: string) => ({ bucket: 'site', prefix })
const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    if (error instanceof KubeSiteError) return `${error.code} ${error.message}`
    throw error
  }
  return 'accepted'
}

describe('targetRole', () => {
  it.each([
    ['', 'previews', { kind: 'site' }],
    ['marketing', 'previews', { kind: 'site' }],
    ['previews-old', 'previews', { kind: 'site' }],
    ['previews/pr-7', 'previews', { kind: 'preview', name: 'pr-7' }],
    ['marketing/previews/pr-7', 'previews', { kind: 'preview', name: 'pr-7' }],
    ['review/apps/pr-7', 'review/apps', { kind: 'preview', name: 'pr-7' }],
    ['review/pr-7', 'review/apps', { kind: 'site' }],
  ])('%s with previewPrefix %s is %j', (prefix, previewPrefix, role) => {
    expect(targetRole(to(prefix), previewPrefix)).toEqual(role)
  })

  it.each([
    ['previews', "DEPLOY_TARGET_INVALID --to s3://site/previews is the folder of every preview (deploy.previewPrefix 'previews'), not a site"],
    ['previews/pr-7/blog', 'DEPLOY_TARGET_INVALID --to s3://site/previews/pr-7/blog is inside the preview previews/pr-7'],
  ])('refuses %s', (prefix, message) => {
    expect(refusal(() => targetRole(to(prefix), 'previews'))).toBe(message)
  })
})

describe('checkBase: the keys go where the pages expect to be served', () => {
  const check = (prefix: string, base: string) => refusal(() => checkBase(to(prefix), base, targetRole(to(prefix), 'previews'), 'previews'))
  it.each([
    ['', '/'],
    ['marketing', '/'], // a CDN serving the bucket's marketing/ folder at /
    ['marketing', '/marketing/'], // S3 website hosting of the bucket itself
    ['previews/pr-7', '/previews/pr-7/'],
    ['marketing/previews/pr-7', '/previews/pr-7/'],
    ['marketing/previews/pr-7', '/marketing/previews/pr-7/'],
  ])('accepts --to s3://site/%s with --base %s', (prefix, base) => {
    expect(check(prefix, base)).toBe('accepted')
  })

  it.each([
    ['', '/previews/pr-7/', "DEPLOY_BASE_MISMATCH --to s3://site and --base /previews/pr-7/ disagree: the keys go under '(the bucket root)', but the pages expect to be served at /previews/pr-7/"],
    ['previews/pr-7', '/', "DEPLOY_BASE_MISMATCH --to s3://site/previews/pr-7 and --base / disagree: the keys go under 'previews/pr-7', but the pages expect to be served at /"],
    ['previews/pr-7', '/previews/pr-8/', "DEPLOY_BASE_MISMATCH --to s3://site/previews/pr-7 and --base /previews/pr-8/ disagree: the keys go under 'previews/pr-7', but the pages expect to be served at /previews/pr-8/"],
    ['previews/pr-7', '/pr-7/', "DEPLOY_BASE_MISMATCH --to s3://site/previews/pr-7 and --base /pr-7/ disagree: the keys go under 'previews/pr-7', but the pages expect to be served at /pr-7/"],
    ['marketing', '/blog/', "DEPLOY_BASE_MISMATCH --to s3://site/marketing and --base /blog/ disagree: the keys go under 'marketing', but the pages expect to be served at /blog/"],
  ])('refuses --to s3://site/%s with --base %s', (prefix, base, message) => {
    expect(check(prefix, base)).toBe(message)
  })

  it('tells how to build and deploy a preview with one base', () => {
    const error = (() => {
      try {
        checkBase(to('previews/pr-7'), '/', { kind: 'preview', name: 'pr-7' }, 'previews')
      } catch (caught) {
        return caught as KubeSiteError
      }
    })()
    expect(error?.hint).toBe('Build and deploy the preview with one base: kube-site build --base /previews/pr-7/ --noindex, then kube-site deploy --to s3://site/previews/pr-7 --base /previews/pr-7/.')
  })
})

describe('the base a site was built with', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kube-site-base-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const site = (name: string, head: string) => {
    mkdirSync(join(dir, name), { recursive: true })
    writeFileSync(join(dir, name, 'index.html'), `<!doctype html><html><head>${head}</head><body></body></html>`)
    return join(dir, name)
  }

  it('is read from the hashed assets the home page loads', async () => {
    expect(await builtBase(site('root', '<link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/assets/static/a.css">'))).toBe('/')
    expect(await builtBase(site('preview', '<script type="module" src="/previews/pr-7/assets/entries/e.js"></script>'))).toBe('/previews/pr-7/')
    expect(await builtBase(site('none', '<title>No assets</title>'))).toBeUndefined()
  })

  it('must be the base of the deploy', async () => {
    const preview = site('preview', '<script type="module" src="/previews/pr-7/assets/entries/e.js"></script>')
    await expect(checkBuiltBase(preview, 'dist', '/previews/pr-7/')).resolves.toBeUndefined()
    await expect(checkBuiltBase(preview, 'dist', '/')).rejects.toThrow('dist/ was built with --base /previews/pr-7/, not /: its pages would load their files from /previews/pr-7/')
  })
})
