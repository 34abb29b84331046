import { describe, expect, it } from 'vitest'
import siteConfig from '../../../site.config.ts'
import { validateSiteConfig } from '../../content/loadSiteConfig.ts'
import { localeConfigs } from '../../content/localeConfigs.ts'
import { siteBodyLabels } from '../../content/siteStrings.ts'
import { postsKeyExtra } from './startPosts.ts'

describe('postsKeyExtra', () => {
  it("keys each locale's post cache with its body's words and its code; English adds nothing", () => {
    const config = validateSiteConfig({ ...siteConfig, locales: [{ code: 'de' }, { code: 'en-GB' }, { code: 'de-AT' }, { code: 'pt', ui: { calloutNote: 'Nota' } }] }, '/nowhere/site.config.ts')
    const keys = localeConfigs(config).map(({ locale, config: localeConfig }) => postsKeyExtra(locale.code, siteBodyLabels(localeConfig)))
    const [english, german, british, austrian, portuguese] = keys
    // A site of one English locale keeps the key its cache had.
    expect(english).toBeUndefined()
    // The same words in another locale: its posts carry another code, so another key.
    expect(british).toBe('locale en-GB')
    expect(german).toMatch(/^labels .*\0locale de$/)
    expect(austrian).toBe(german!.replace('locale de', 'locale de-AT'))
    expect(portuguese).toContain('"note":"Nota"')
    expect(new Set(keys).size).toBe(keys.length)
  })
})
