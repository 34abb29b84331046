import { describe, expect, it } from 'vitest'
import { siteConfigSchema } from '../content/siteConfigSchema.ts'

// The `deploy` block of site.config.ts: optional, and its rules must be usable as headers.
const deploy = siteConfigSchema.shape.deploy

describe('site config: deploy', () => {
  it('is optional, with no rules by default', () => {
    expect(deploy.parse(undefined)).toEqual({ cacheControl: [] })
    expect(deploy.parse({})).toEqual({ cacheControl: [] })
  })

  it('keeps rules in their order', () => {
    const rules = [
      { match: 'uploads/*.pdf', value: 'public, max-age=86400' },
      { match: '**/*.html', value: 'no-cache' },
    ]
    expect(deploy.parse({ cacheControl: rules })).toEqual({ cacheControl: rules })
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
