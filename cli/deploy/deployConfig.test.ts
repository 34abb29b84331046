import { describe, expect, it } from 'vitest'
import { siteConfigSchema } from '../content/config/siteConfigSchema.ts'

// The `deploy` block of site.config.ts: optional, and its rules must be usable as headers.
const deploy = siteConfigSchema.shape.deploy

describe('site config: deploy', () => {
  it('is optional, with no rules and text compressed by default', () => {
    expect(deploy.parse(undefined)).toEqual({ cacheControl: [], compress: true, previewPrefix: 'previews' })
    expect(deploy.parse({})).toEqual({ cacheControl: [], compress: true, previewPrefix: 'previews' })
  })

  it.each([true, false])('takes compress %j', (compress) => {
    expect(deploy.parse({ compress }).compress).toBe(compress)
  })

  it.each(['false', 0, 'gzip'])('refuses compress %j', (compress) => {
    expect(deploy.safeParse({ compress }).success).toBe(false)
  })

  it('keeps rules in their order', () => {
    const rules = [
      { match: 'uploads/*.pdf', value: 'public, max-age=86400' },
      { match: '**/*.html', value: 'no-cache' },
    ]
    expect(deploy.parse({ cacheControl: rules })).toEqual({ cacheControl: rules, compress: true, previewPrefix: 'previews' })
  })

  it.each(['review-apps', 'sites/previews', 'pr_previews.v2'])('takes previewPrefix %j', (previewPrefix) => {
    expect(deploy.parse({ previewPrefix }).previewPrefix).toBe(previewPrefix)
  })

  it.each(['', '/previews', 'previews/', '../previews', 'previews/./x', 'Previews', 'pre views'])('refuses previewPrefix %j', (previewPrefix) => {
    const result = deploy.safeParse({ previewPrefix })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["must be key segments like 'previews' (a-z, 0-9, '.', '_', '-'; no leading or trailing '/')"])
  })

  it.each([
    [{ match: '', value: 'no-cache' }, 'must not be empty'],
    [{ match: 'a/**', value: 'no-cache\r\nX-Injected: 1' }, 'must be a header value: printable ASCII on one line'],
    [{ match: 'a/**', value: '' }, 'must be a header value: printable ASCII on one line'],
  ])('refuses %j', (rule, message) => {
    const result = deploy.safeParse({ cacheControl: [rule] })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message])
  })
})
