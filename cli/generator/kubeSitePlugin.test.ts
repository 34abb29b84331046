import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { siteConfigSchema } from '../content/siteConfigSchema.ts'
import { ENGLISH } from '../../pages/_lib/uiCatalogs.ts'
import { configModule, kubeSitePlugin } from './kubeSitePlugin.ts'

describe('virtual:kube-site/config', () => {
  it("exports each top-level key of the config from a module of its own, the pictures of its images, the interface strings' templates, and nothing by default", () => {
    const source = configModule({ brand: { name: 'Acme' }, blog: { title: 'News' } } as never)
    expect(source).toBe(
      "export { default as brand } from 'virtual:kube-site/config/brand'\nexport { default as blog } from 'virtual:kube-site/config/blog'\nexport { default as pictures } from 'virtual:kube-site/config/pictures'\nexport { default as uiTemplates } from 'virtual:kube-site/config/uiTemplates'\n",
    )
  })

  it('is typed with exactly the keys the schema allows, so no page reads a key the module lacks', () => {
    const declaration = readFileSync(new URL('../../pages/_lib/siteConfigModule.d.ts', import.meta.url), 'utf8')
    const declared = [...declaration.matchAll(/^export declare const (\w+): SiteConfig\['(\w+)'\]$/gm)]
    for (const [, name, key] of declared) expect(name).toBe(key)
    expect(declared.map(([, name]) => name).sort()).toEqual(Object.keys(siteConfigSchema.shape).sort())
    expect(declaration).toMatch(/^export declare const pictures: Record<string, Picture>$/m)
    expect(declaration).toMatch(/^export declare const uiTemplates: Record<UiKey, string>$/m)
    expect(declaration).not.toMatch(/export default/)
  })

  it("serves the interface strings' templates for the site's language, the config's ui over the catalog, and no catalog", () => {
    const plugin = kubeSitePlugin(() => ({ site: { language: 'de-AT' }, ui: { next: 'Nächste Seite' } }) as never)
    const load = plugin.load as { handler: (this: unknown, id: string) => string }
    const source = load.handler.call({}, '\0virtual:kube-site/config/uiTemplates')
    const templates = JSON.parse(source.replace(/^export default /, '')) as Record<string, string>
    expect(templates).toMatchObject({ backToBlog: 'Zurück zum Blog', next: 'Nächste Seite', pageOf: 'Seite {page} von {total}' })
    expect(Object.keys(templates)).toEqual(Object.keys(ENGLISH))
  })
})
