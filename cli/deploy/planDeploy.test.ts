import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { KubeSiteError } from '../errors.ts'
import type { LocalFile } from './localFiles.ts'
import { MAX_OBJECT_BYTES, planCounts, planDeploy, type PlanOptions, type RemoteObject } from './planDeploy.ts'
import { DEFAULT_STORAGE, objectHeaders, type StorageRules } from './storedObject.ts'

const md5 = (text: string) => createHash('md5').update(text).digest('hex')
// The text stands for the bytes as stored; the plan only compares sizes and MD5s.
const file = (path: string, text = path, rules: StorageRules = DEFAULT_STORAGE): LocalFile => ({ path, size: Buffer.byteLength(text), md5: md5(text), headers: objectHeaders(path, rules) })
const object = (key: string, text = key): RemoteObject => ({ key, size: Buffer.byteLength(text), etag: md5(text) })

const site = [
  file('index.html'),
  file('index.pageContext.json'),
  file('404.html'),
  file('blog/index.html'),
  file('blog/index.pageContext.json'),
  file('blog/post-a/index.html'),
  file('blog/post-a/index.pageContext.json'),
  file('assets/entries/x.abc123.js'),
  file('assets/static/s.def456.css'),
  file('uploads/privacy-policy.pdf'),
  file('favicon.svg'),
]
const bucketOf = (files: LocalFile[], prefix = '') => files.map((f) => ({ key: prefix ? `${prefix}/${f.path}` : f.path, size: f.size, etag: f.md5 }))
const website: PlanOptions = { prefix: '', layout: 'website', force: false }

interface Case {
  name: string
  local: LocalFile[]
  remote: RemoteObject[]
  options?: Partial<PlanOptions>
  new?: string[]
  changed?: string[]
  forced?: string[]
  deleted?: string[]
  unchanged?: number
  kept?: number
}

const allKeysInUploadOrder = [
  'assets/entries/x.abc123.js',
  'assets/static/s.def456.css',
  'favicon.svg',
  'uploads/privacy-policy.pdf',
  '404.html',
  'blog/index.html',
  'blog/index.pageContext.json',
  'blog/post-a/index.html',
  'blog/post-a/index.pageContext.json',
  'index.html',
  'index.pageContext.json',
]

const cases: Case[] = [
  { name: 'an empty bucket: everything is new, assets first, then other files, then pages', local: site, remote: [], new: allKeysInUploadOrder },
  { name: 'the same site: nothing to do', local: site, remote: bucketOf(site), unchanged: 11 },
  {
    name: 'one post edited: its page and its pageContext.json',
    local: site.map((f) => (f.path.startsWith('blog/post-a/') ? file(f.path, `${f.path} edited`) : f)),
    remote: bucketOf(site),
    changed: ['blog/post-a/index.html', 'blog/post-a/index.pageContext.json'],
    unchanged: 9,
  },
  {
    name: 'same size, other bytes: changed',
    local: [file('index.html', 'aaaa')],
    remote: [object('index.html', 'bbbb')],
    changed: ['index.html'],
  },
  {
    name: 'a multipart ETag never equals an MD5: changed, and the single PUT fixes it',
    local: [file('index.html', 'x')],
    remote: [{ key: 'index.html', size: 1, etag: `${md5('x')}-2` }],
    changed: ['index.html'],
  },
  {
    name: 'a removed page: its objects are deleted, sorted',
    local: site.filter((f) => !f.path.startsWith('blog/post-a/')),
    remote: bucketOf(site),
    deleted: ['blog/post-a/index.html', 'blog/post-a/index.pageContext.json'],
    unchanged: 9,
  },
  {
    name: '--force: identical objects go up again, new ones stay new',
    local: [file('index.html'), file('a.svg')],
    remote: [object('index.html')],
    options: { force: true },
    new: ['a.svg'],
    forced: ['index.html'],
  },
  {
    name: 'a prefix: keys under it, compared with what is under it',
    local: [file('index.html'), file('blog/index.html', 'new text')],
    remote: [object('marketing/index.html', 'index.html'), object('marketing/blog/index.html', 'old'), object('marketing/old.html')],
    options: { prefix: 'marketing' },
    changed: ['marketing/blog/index.html'],
    deleted: ['marketing/old.html'],
    unchanged: 1,
  },
  {
    name: 'cloudfront layout: each dir/index.html also as dir and dir/, not the root',
    local: [file('index.html'), file('blog/index.html'), file('blog/post-a/index.html'), file('404.html')],
    remote: [],
    options: { layout: 'cloudfront' },
    new: ['404.html', 'blog', 'blog/', 'blog/index.html', 'blog/post-a', 'blog/post-a/', 'blog/post-a/index.html', 'index.html'],
  },
  {
    name: 'cloudfront layout, page unchanged: its aliases are unchanged too',
    local: [file('blog/index.html', 'page')],
    remote: [object('blog/index.html', 'page'), object('blog', 'page'), object('blog/', 'page')],
    options: { layout: 'cloudfront' },
    unchanged: 3,
  },
  {
    name: 'cloudfront layout, page edited: its aliases change with it',
    local: [file('blog/index.html', 'new')],
    remote: [object('blog/index.html', 'old'), object('blog', 'old'), object('blog/', 'old')],
    options: { layout: 'cloudfront' },
    changed: ['blog', 'blog/', 'blog/index.html'],
  },
  {
    name: 'back to the website layout: the aliases are deleted',
    local: [file('blog/index.html', 'page')],
    remote: [object('blog/index.html', 'page'), object('blog', 'page'), object('blog/', 'page')],
    deleted: ['blog', 'blog/'],
    unchanged: 1,
  },
  {
    name: 'cloudfront layout with a prefix: aliases under the prefix',
    local: [file('index.html'), file('pricing/index.html')],
    remote: [],
    options: { layout: 'cloudfront', prefix: 'site' },
    new: ['site/index.html', 'site/pricing', 'site/pricing/', 'site/pricing/index.html'],
  },
  {
    name: 'the reserved folder (previews): nothing under it is deleted, only counted',
    local: [file('index.html')],
    remote: [object('index.html'), object('previews/pr-7/index.html'), object('previews/pr-8/blog/index.html'), object('previews'), object('previews-old/index.html')],
    options: { reserved: 'previews' },
    deleted: ['previews', 'previews-old/index.html'],
    unchanged: 1,
    kept: 2,
  },
  {
    name: 'the reserved folder below a prefix',
    local: [file('index.html')],
    remote: [object('marketing/index.html', 'index.html'), object('marketing/previews/pr-7/index.html'), object('marketing/stale.html')],
    options: { prefix: 'marketing', reserved: 'previews' },
    deleted: ['marketing/stale.html'],
    unchanged: 1,
    kept: 1,
  },
  {
    name: 'without a reserved folder (a preview owns all of its prefix)',
    local: [file('index.html')],
    remote: [object('previews/pr-7/index.html', 'index.html'), object('previews/pr-7/previews/x.html')],
    options: { prefix: 'previews/pr-7' },
    deleted: ['previews/pr-7/previews/x.html'],
    unchanged: 1,
  },
]

describe('planDeploy', () => {
  it.each(cases)('$name', (row) => {
    const plan = planDeploy(row.local, row.remote, { ...website, ...row.options })
    const keys = (reason: string) => plan.uploads.filter((u) => u.reason === reason).map((u) => u.key)
    expect({
      new: keys('new'),
      changed: keys('changed'),
      forced: keys('forced'),
      deleted: plan.deletes.map((d) => d.key),
      unchanged: plan.unchanged.length,
      kept: plan.kept,
    }).toEqual({
      new: row.new ?? [],
      changed: row.changed ?? [],
      forced: row.forced ?? [],
      deleted: row.deleted ?? [],
      unchanged: row.unchanged ?? 0,
      kept: row.kept ?? 0,
    })
  })

  it("gives every object its file's headers and a phase; a page's aliases get the page's", () => {
    const rules = { compress: true, cacheControl: [{ match: 'uploads/**', value: 'public, max-age=86400' }] }
    const plan = planDeploy(site.map((f) => file(f.path, f.path, rules)), [], { ...website, layout: 'cloudfront' })
    const byKey = Object.fromEntries(plan.uploads.map((u) => [u.key, [u.contentType, u.contentEncoding, u.cacheControl, u.group]]))
    expect(byKey).toMatchObject({
      'assets/entries/x.abc123.js': ['text/javascript; charset=utf-8', 'gzip', 'public, max-age=31536000, immutable', 'assets'],
      'assets/static/s.def456.css': ['text/css; charset=utf-8', 'gzip', 'public, max-age=31536000, immutable', 'assets'],
      'favicon.svg': ['image/svg+xml', 'gzip', 'public, max-age=3600', 'files'],
      'uploads/privacy-policy.pdf': ['application/pdf', undefined, 'public, max-age=86400', 'files'],
      'index.html': ['text/html; charset=utf-8', 'gzip', 'public, max-age=0, must-revalidate', 'pages'],
      'blog/index.pageContext.json': ['application/json; charset=utf-8', 'gzip', 'public, max-age=0, must-revalidate', 'pages'],
      blog: ['text/html; charset=utf-8', 'gzip', 'public, max-age=0, must-revalidate', 'pages'],
      'blog/': ['text/html; charset=utf-8', 'gzip', 'public, max-age=0, must-revalidate', 'pages'],
    })
    const page = plan.uploads.find((u) => u.key === 'blog/index.html')
    expect(plan.uploads.filter((u) => u.key === 'blog' || u.key === 'blog/').map(({ source, size, md5 }) => ({ source, size, md5 }))).toEqual([
      { source: 'blog/index.html', size: page?.size, md5: page?.md5 },
      { source: 'blog/index.html', size: page?.size, md5: page?.md5 },
    ])
  })

  it("keeps a redirect page's location in the website layout, and leaves it off in the cloudfront layout, its aliases too", () => {
    const redirect = { ...file('blog/old/index.html'), headers: { ...objectHeaders('blog/old/index.html', DEFAULT_STORAGE), websiteRedirectLocation: '/blog/new/' } }
    const locations = (layout: PlanOptions['layout']) =>
      Object.fromEntries(planDeploy([redirect, file('blog/new/index.html')], [], { ...website, layout }).uploads.map((u) => [u.key, u.websiteRedirectLocation]))
    expect(locations('website')).toEqual({ 'blog/new/index.html': undefined, 'blog/old/index.html': '/blog/new/' })
    expect(locations('cloudfront')).toEqual({
      'blog/new': undefined,
      'blog/new/': undefined,
      'blog/new/index.html': undefined,
      'blog/old': undefined,
      'blog/old/': undefined,
      'blog/old/index.html': undefined,
    })
  })

  it('counts a plan', () => {
    const plan = planDeploy([file('a.html', 'new'), file('b.html'), file('c.html')], [object('a.html', 'old'), object('b.html'), object('z.html')], website)
    expect(planCounts(plan)).toEqual({ new: 1, changed: 1, forced: 0, deleted: 1, unchanged: 1, kept: 0, uploadBytes: 9 })
  })

  it('refuses a site with files in the reserved folder: they would overwrite a preview', () => {
    expect(() => planDeploy([file('index.html'), file('previews/pr-7/index.html')], [], { ...website, reserved: 'previews' })).toThrow(
      'The site has 1 file under previews/, the folder kept for previews (deploy.previewPrefix): previews/pr-7/index.html',
    )
    expect(planDeploy([file('previews.html')], [], { ...website, reserved: 'previews' }).uploads).toHaveLength(1)
  })

  it('refuses files larger than one PUT can hold, naming each', () => {
    const huge = { ...file('uploads/video.mp4'), size: MAX_OBJECT_BYTES + 1 }
    const error = (() => {
      try {
        planDeploy([file('index.html'), huge], [], website)
      } catch (caught) {
        return caught as KubeSiteError
      }
    })()
    expect(error?.code).toBe('DEPLOY_FILE_TOO_LARGE')
    expect(error?.message).toBe('1 file is larger than 5 GiB, the most one upload can hold')
    expect(error?.problems.map((p) => p.message)).toEqual([`uploads/video.mp4 is ${MAX_OBJECT_BYTES + 1} bytes`])
  })
})
