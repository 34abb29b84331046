import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseSync } from 'rolldown/utils'
import { describe, expect, it } from 'vitest'
import { compileEarlyScript } from './compileEarlyScript.ts'
import { kubeSitePlugin } from './kubeSitePlugin.ts'
import type { SiteConfig } from '../../content/types.ts'

describe('compileEarlyScript', () => {
  const script = compileEarlyScript('acme-theme', 'dark')

  it('is one expression statement on one line, calling the function on <html> with the key and the default', () => {
    expect(script).not.toContain('\n')
    const { program, errors } = parseSync('inline.js', script)
    expect(errors).toEqual([])
    expect(program.body.map((statement) => statement.type)).toEqual(['ExpressionStatement'])
    expect(script).toMatch(/\(document\.documentElement,`acme-theme`,`dark`\)\}\)\(\)$/)
    // Minified: about half a kilobyte, not the module's two.
    expect(script.length).toBeLessThan(700)
  })

  it('refuses a module that would import something at run time: the page has nothing to import it from', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'early-')), 'earlyScript.ts')
    writeFileSync(file, "import { DEFAULT_THEME } from './theme.ts'\nexport function earlyScript(root: HTMLElement) { root.dataset.theme = DEFAULT_THEME }\n")
    expect(() => compileEarlyScript('k', 'dark', file)).toThrow(/imports at run time/)
  })

  it('is what the pages get as virtual:kube-site/early-script, for the brand’s key', async () => {
    const plugin = kubeSitePlugin(() => ({ brand: { name: 'Acme Corp' } }) as SiteConfig, () => ({}))
    const resolve = plugin.resolveId as { handler: (id: string) => string }
    const load = plugin.load as { handler: (this: { addWatchFile(file: string): void }, id: string) => string }
    const id = resolve.handler('virtual:kube-site/early-script')
    const module = load.handler.call({ addWatchFile: () => {} }, id)
    expect(module).toBe(`export default ${JSON.stringify(compileEarlyScript('acme-corp-theme', 'dark'))}\n`)
  })
})
