import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { formatError } from '../reportError.ts'
import { KubeSiteError } from '../errors.ts'
import { loadSiteConfig, validateSiteConfig } from './loadSiteConfig.ts'

const repo = fileURLToPath(new URL('../..', import.meta.url))
const fixture = (name: string) => fileURLToPath(new URL(`./__fixtures__/configs/${name}`, import.meta.url))

async function loadError(file: string): Promise<KubeSiteError> {
  const error = await loadSiteConfig(file, repo).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(KubeSiteError)
  return error as KubeSiteError
}

describe('loadSiteConfig', () => {
  it('loads the real site.config.ts and fills in the defaults', async () => {
    const { config, dependencies } = await loadSiteConfig(`${repo}site.config.ts`, repo)
    expect(config.brand.name).toBe('KubeGuard')
    expect(config.blog.pageSize).toBe(2)
    expect(config.site.base).toBe('/')
    expect(config.pricing.pageTitle).toBe('Choose Your Security Plan')
    expect(config.contact.emailLabel).toBe('Email Us')
    expect(config.footer.status).toBe('All systems online')
    expect(config.pricing.plans.map((plan) => [plan.name, plan.price, plan.period])).toEqual([
      ['Starter', '$300', '/month'],
      ['Growth', 'Custom', ''],
      ['Enterprise', 'Custom', ''],
    ])
    expect(dependencies.some((file) => file.endsWith('site.config.ts'))).toBe(true)
  })

  it('reports every invalid field with its path, and the file', async () => {
    const error = await loadError(fixture('bad.config.ts'))
    expect(error.code).toBe('CONFIG_INVALID')
    expect(error.message).toBe('cli/content/__fixtures__/configs/bad.config.ts is not a valid site config (3 problems)')
    expect(error.problems.map((problem) => problem.message)).toEqual([
      'site.url: must be an absolute http(s) URL',
      'pricing.plans[1].popular: Invalid input: expected boolean, received string',
      'blog.pageSize: Too small: expected number to be >=1',
    ])
  })

  it('points at the line of the field when it can find it', async () => {
    const error = await loadError(fixture('bad.config.ts'))
    const [url] = error.problems
    expect(url?.location).toEqual({ file: 'cli/content/__fixtures__/configs/bad.config.ts', line: 7, column: 27 })
    expect(formatError(error)).toContain('cli/content/__fixtures__/configs/bad.config.ts:7:27 site.url: must be an absolute http(s) URL')
  })

  it('says when a required field is missing', () => {
    expect(() => validateSiteConfig({}, '/nowhere/site.config.ts', 'site.config.ts')).toThrowError(
      expect.objectContaining({
        problems: expect.arrayContaining([expect.objectContaining({ message: 'brand: is required' })]),
      }),
    )
  })

  it('names the file when it does not exist', async () => {
    const error = await loadError(`${repo}missing.config.ts`)
    expect(error.code).toBe('CONFIG_NOT_FOUND')
    expect(error.message).toBe('Site config missing.config.ts not found')
  })

  it('names the file when it does not compile', async () => {
    const error = await loadError(fixture('syntax-error.config.ts'))
    expect(error.code).toBe('CONFIG_LOAD_FAILED')
    expect(error.message).toMatch(/^cli\/content\/__fixtures__\/configs\/syntax-error\.config\.ts could not be loaded: /)
  })

  it('asks for a default export', async () => {
    const error = await loadError(fixture('no-default.config.ts'))
    expect(error.message).toBe('cli/content/__fixtures__/configs/no-default.config.ts has no default export')
    expect(error.hint).toBe('End the file with: export default defineSiteConfig({ ... })')
  })
})
