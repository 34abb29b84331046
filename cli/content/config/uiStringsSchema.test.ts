import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { KubeSiteError, formatLocation } from '../../errors.ts'
import { loadSiteConfig, validateSiteConfig } from './loadSiteConfig.ts'
import siteConfig from '../../../site.config.ts'

const repo = fileURLToPath(new URL('../../..', import.meta.url))
const fixture = fileURLToPath(new URL('./__fixtures__/configs/ui-strings.config.ts', import.meta.url))

describe("the config's ui", () => {
  it('takes overrides of catalog keys, with their placeholders, and defaults to none', () => {
    expect(validateSiteConfig(siteConfig, 'site.config.ts').ui).toEqual({})
    const config = validateSiteConfig({ ...siteConfig, ui: { pageOf: 'Seite {page} von {total}', backToBlog: 'Zur Übersicht' } }, 'site.config.ts')
    expect(config.ui).toEqual({ pageOf: 'Seite {page} von {total}', backToBlog: 'Zur Übersicht' })
  })

  it('refuses a misspelt key with the nearest one, and a template that drops, invents or breaks a placeholder, each at its line', async () => {
    const error = (await loadSiteConfig(fixture, repo).catch((caught: unknown) => caught)) as KubeSiteError
    expect(error).toBeInstanceOf(KubeSiteError)
    expect(error.code).toBe('CONFIG_INVALID')
    const file = 'cli/content/config/__fixtures__/configs/ui-strings.config.ts'
    expect(error.problems.map((problem) => `${formatLocation(problem.location!)} ${problem.message}`).sort()).toEqual([
      `${file}:11:5 ui.bakcToBlog: unknown key (did you mean backToBlog?)`,
      `${file}:12:5 ui.pageOf: drops {total}`,
      `${file}:13:5 ui.minRead: has {words}, which this string has no value for`,
      `${file}:14:5 ui.postCount: is not a template that reads: the plural of {count} has no "other" choice at the end of "{count, plural, one {# Beitrag}}"`,
    ])
    const pageOf = error.problems.find((problem) => problem.message.startsWith('ui.pageOf'))!
    expect(pageOf.hint).toBe('Its placeholders are {page}, {total}, as in English: "Page {page} of {total}".')
  })
})
