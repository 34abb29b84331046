import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { siteConfigSchema } from '../content/siteConfigSchema.ts'
import { configModule } from './kubeSitePlugin.ts'

describe('virtual:kube-site/config', () => {
  it('exports each top-level key of the config from a module of its own, the pictures of its images, and nothing by default', () => {
    const source = configModule({ brand: { name: 'Acme' }, blog: { title: 'News' } } as never)
    expect(source).toBe(
      "export { default as brand } from 'virtual:kube-site/config/brand'\nexport { default as blog } from 'virtual:kube-site/config/blog'\nexport { default as pictures } from 'virtual:kube-site/config/pictures'\n",
    )
  })

  it('is typed with exactly the keys the schema allows, so no page reads a key the module lacks', () => {
    const declaration = readFileSync(new URL('../../pages/_lib/siteConfigModule.d.ts', import.meta.url), 'utf8')
    const declared = [...declaration.matchAll(/^export declare const (\w+): SiteConfig\['(\w+)'\]$/gm)]
    for (const [, name, key] of declared) expect(name).toBe(key)
    expect(declared.map(([, name]) => name).sort()).toEqual(Object.keys(siteConfigSchema.shape).sort())
    expect(declaration).toMatch(/^export declare const pictures: Record<string, Picture>$/m)
    expect(declaration).not.toMatch(/export default/)
  })
})
