import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { siteConfigSchema } from '../../content/config/siteConfigSchema.ts'
import { ENGLISH, ISLAND_KEYS } from '../../../pages/_lib/text/uiCatalogs.ts'
import { SHARED_CONFIG_KEYS, configExports, exportNames } from './configExports.ts'
import { configModule, kubeSitePlugin } from './kubeSitePlugin.ts'

describe('virtual:kube-site/config', () => {
  it("exports each top-level key of the config from a module of its own, the pictures of its images, the interface strings' templates, and nothing by default", () => {
    const source = configModule(exportNames({ brand: { name: 'Acme' }, blog: { title: 'News' } } as never))
    expect(source).toBe(
      "export { default as brand } from 'virtual:kube-site/config/brand'\nexport { default as blog } from 'virtual:kube-site/config/blog'\nexport { default as pictures } from 'virtual:kube-site/config/pictures'\nexport { default as uiTemplates } from 'virtual:kube-site/config/uiTemplates'\nexport { default as islandTemplates } from 'virtual:kube-site/config/islandTemplates'\nexport { default as siteLocales } from 'virtual:kube-site/config/siteLocales'\nexport { default as lentPages } from 'virtual:kube-site/config/lentPages'\n",
    )
  })

  it('is typed with exactly the keys the schema allows, so no page reads a key the module lacks', () => {
    const declaration = readFileSync(new URL('../../../pages/_lib/siteConfigModule.d.ts', import.meta.url), 'utf8')
    const declared = [...declaration.matchAll(/^export declare const (\w+): (ByLocale<)?SiteConfig\['(\w+)'\]>?$/gm)]
    for (const [, name, byLocale, key] of declared) {
      expect(name).toBe(key)
      // A key of copy is given by locale; the site's own keys as they are.
      expect(byLocale === undefined, `${name}: ${byLocale ? 'by locale' : 'not by locale'}`).toBe(SHARED_CONFIG_KEYS.has(name!))
    }
    expect(declared.map(([, name]) => name).sort()).toEqual(Object.keys(siteConfigSchema.shape).sort())
    expect(declaration).toMatch(/^export declare const pictures: Record<string, Picture>$/m)
    expect(declaration).toMatch(/^export declare const uiTemplates: ByLocale<Record<Exclude<UiKey, IslandKey>, string>>$/m)
    expect(declaration).toMatch(/^export declare const islandTemplates: ByLocale<Record<IslandKey, string>>$/m)
    expect(declaration).not.toMatch(/export default/)
  })

  it("serves the interface strings' templates for the site's language, the config's ui over the catalog, and no catalog; the islands' apart", () => {
    const config = { site: { language: 'de-AT' }, ui: { next: 'Nächste Seite', copied: 'Kopiert!' } } as never
    const plugin = kubeSitePlugin(() => config, () => configExports(config))
    const load = plugin.load as { handler: (this: unknown, id: string) => string }
    const served = (key: string) => JSON.parse(load.handler.call({}, `\0virtual:kube-site/config/${key}`).replace(/^export default /, '')) as Record<string, Record<string, string>>
    const [byLocale, islands] = [served('uiTemplates'), served('islandTemplates')]
    expect([Object.keys(byLocale), Object.keys(islands)]).toEqual([['de-AT'], ['de-AT']])
    expect(byLocale['de-AT']).toMatchObject({ backToBlog: 'Zurück zum Blog', next: 'Nächste Seite', pageOf: 'Seite {page} von {total}' })
    expect(islands['de-AT']).toMatchObject({ copied: 'Kopiert!', pdfZoomIn: 'Vergrößern', openMenu: 'Menü öffnen' })
    // Every key once: an island's in the islands' templates alone, which an HTML-only page's scripts read (pages/_lib/text/islandText.ts).
    expect(Object.keys(islands['de-AT']!).sort()).toEqual([...ISLAND_KEYS].sort())
    expect([...Object.keys(byLocale['de-AT']!), ...ISLAND_KEYS].sort()).toEqual(Object.keys(ENGLISH).sort())
  })

  it("gives each key of copy and the interface strings by locale, each locale's language its own, and the site's own keys once", () => {
    const legal = { privacyPolicy: { title: 'Privacy', pdf: '/legal/privacy.pdf', description: 'P.' }, termsOfService: { title: 'Terms', pdf: '/legal/terms.pdf', description: 'T.' } }
    const config = { site: { language: 'en', url: 'https://example.com' }, hero: { title: 'Hi' }, legal, links: { demo: '/demo/' }, locales: [{ code: 'de' }, { code: 'ar' }] }
    const exports = configExports(config as never)
    // Each locale shows the default's title, in English: the pages mark it so (pages/_lib/text/textLanguage.ts).
    const english = { lang: 'en', dir: 'ltr' }
    expect(exports.hero).toEqual({ en: { title: 'Hi' }, de: { title: 'Hi' }, ar: { title: 'Hi' }, '@fallbacks': { de: { language: english, paths: [['title']] }, ar: { language: english, paths: [['title']] } } })
    expect(exports.site).toEqual({ en: config.site, de: { ...config.site, language: 'de', direction: 'ltr' }, ar: { ...config.site, language: 'ar', direction: 'rtl' } })
    expect(exports.links).toEqual({ demo: '/demo/' })
    expect(exports.locales).toEqual(config.locales)
    const templates = exports.uiTemplates as Record<string, Record<string, string>>
    expect([templates.en!.backToBlog, templates.de!.backToBlog]).toEqual(['Back to Blog', 'Zurück zum Blog'])
    // Arabic has no catalog: every interface string of it is English, and marked so, in the export that holds it; German's has them all.
    const fallbacksOf = (key: string) => (exports[key] as Record<string, Record<string, { language: object; paths: string[][] }>>)['@fallbacks']!
    for (const key of ['uiTemplates', 'islandTemplates']) {
      expect(Object.keys(fallbacksOf(key)), key).toEqual(['ar'])
      expect(fallbacksOf(key).ar!.language).toEqual(english)
      expect(fallbacksOf(key).ar!.paths).toEqual(Object.keys((exports[key] as Record<string, object>).en!).map((uiKey) => [uiKey]))
    }
    expect([...fallbacksOf('uiTemplates').ar!.paths, ...fallbacksOf('islandTemplates').ar!.paths].flat().sort()).toEqual(Object.keys(ENGLISH).sort())
    expect((exports.siteLocales as { code: string; prefix: string }[]).map(({ code, prefix }) => [code, prefix])).toEqual([
      ['en', ''],
      ['de', '/de'],
      ['ar', '/ar'],
    ])
    // A locale that gives the legal documents as the default does has no pages of them: its links lead to the default's.
    expect(exports.lentPages).toEqual({ en: [], de: ['/privacy-policy/', '/terms-of-service/'], ar: ['/privacy-policy/', '/terms-of-service/'] })
  })
})
