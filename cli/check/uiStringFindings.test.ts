import { describe, expect, it } from 'vitest'
import { ENGLISH, type UiKey } from '../../pages/_lib/text/uiCatalogs.ts'
import { toReport } from './findings.ts'
import { uiStringFindings } from './uiStringFindings.ts'

const keys = Object.keys(ENGLISH) as UiKey[]
const findingsOf = (language: string, ui: Partial<Record<UiKey, string>> = {}) => uiStringFindings({ site: { language } as never, ui }, '/site/site.config.ts', '/site')

describe('uiStringFindings', () => {
  it('finds nothing for English, nor for a language whose catalog has every string', () => {
    expect(findingsOf('en-US')).toEqual([])
    expect(findingsOf('de-AT')).toEqual([])
    expect(findingsOf('ja')).toEqual([])
  })

  it('lists each string a language without a catalog shows in English, by its config path, but those the config gives', () => {
    const findings = findingsOf('pt-BR', { next: 'Próximo', previous: 'Anterior' })
    expect(findings).toHaveLength(keys.length - 2)
    expect(findings.map((found) => found.message.split(' ')[0])).toEqual(keys.filter((key) => key !== 'next' && key !== 'previous').map((key) => `ui.${key}`))
    expect(findings.find((found) => found.message.startsWith('ui.backToBlog'))).toEqual({
      severity: 'warning',
      code: 'UI_STRING_FALLBACK',
      message: 'ui.backToBlog shows in English, "Back to Blog": kube-site ships no Portuguese catalog (site.language is "pt-BR")',
      file: 'site.config.ts',
      hint: "Translate it in site.config.ts: ui: { backToBlog: '…' }, with the same placeholders as English.",
    })
  })

  it('does not fail the check', () => {
    const report = toReport(findingsOf('pt'), 0, false)
    expect(report).toMatchObject({ ok: true, errors: 0, warnings: keys.length })
  })
})
