import { describe, expect, it } from 'vitest'
import type { Palette } from '../ui/colors.ts'
import { finding, toReport } from './findings.ts'
import { countLine, formatFindings, formatJson, formatSummary } from './formatFindings.ts'

const same = (text: string) => text
const plain: Palette = { bold: same, dim: same, red: same, green: same, yellow: same, cyan: same }

const findings = [
  finding('POST_INVALID', {
    message: 'posts/a.md:5:7 date "2025-13-45" is not a valid date (use YYYY-MM-DD)',
    file: 'posts/a.md',
    line: 5,
    column: 7,
    hint: 'date: 2025-03-18',
    frame: '> 5 | date: 2025-13-45\n    |       ^',
  }),
  finding('BROKEN_LINK', { page: '/', target: '/nope/', message: 'link to /nope/ is not in dist/ (object storage answers 404)' }),
  finding('DUPLICATE_TITLE', { page: '/', target: 'Home', message: 'title "Home" is also the title of /a/' }),
  finding('DUPLICATE_TITLE', { page: '/a/', target: 'Home', message: 'title "Home" is also the title of /' }),
]

describe('formatFindings', () => {
  it('groups findings by file or page, with counts, and ends with the totals', () => {
    expect(formatFindings(toReport(findings, 2, true), plain)).toBe(
      [
        '',
        'posts/a.md  (1 error, 0 warnings)',
        '  ✗ posts/a.md:5:7 date "2025-13-45" is not a valid date (use YYYY-MM-DD)  POST_INVALID',
        '    > 5 | date: 2025-13-45',
        '        |       ^',
        '    hint: date: 2025-03-18',
        '',
        '/  (1 error, 1 warning)',
        '  ✗ link to /nope/ is not in dist/ (object storage answers 404)  BROKEN_LINK',
        '  ! title "Home" is also the title of /a/  DUPLICATE_TITLE',
        '',
        '/a/  (0 errors, 1 warning)',
        '  ! title "Home" is also the title of /  DUPLICATE_TITLE',
        '',
        '2 errors, 2 warnings',
      ].join('\n'),
    )
  })

  it('says 0 errors, 0 warnings when there is nothing to report', () => {
    expect(formatFindings(toReport([], 14, true), plain)).toBe('\n0 errors, 0 warnings')
    expect(countLine({ errors: 1, warnings: 1 })).toBe('1 error, 1 warning')
  })

  it('summarises what was checked, and says when the crawl was skipped', () => {
    const content = { configFile: 'site.config.ts', configValid: true, posts: 6, drafts: false }
    expect(formatSummary(toReport([], 14, true), { content, outDir: 'dist' }, plain)).toBe(
      ['  ✓ config  site.config.ts', '  ✓ posts   6 posts to publish', '  ✓ crawl   14 pages of dist/'].join('\n'),
    )
    expect(formatSummary(toReport([], 0, false), { content: { ...content, configValid: false, posts: undefined, drafts: true }, outDir: 'dist' }, plain)).toBe(
      [
        '  ✗ config  site.config.ts',
        '  - posts   skipped: read once the config is valid',
        '  - crawl   skipped: dist/ does not exist (run kube-site build, then check again)',
      ].join('\n'),
    )
    expect(formatSummary(toReport([], 1, true), { content: { ...content, posts: undefined }, outDir: 'out' }, plain)).toContain('  ✗ posts   not every post is valid\n')
    expect(formatSummary(toReport([], 1, true), { outDir: 'out' }, plain)).toBe('  ✓ crawl   1 page of out/')
  })
})

describe('formatJson', () => {
  it('prints the report as one JSON document, without code frames', () => {
    const parsed = JSON.parse(formatJson(toReport(findings, 2, true)))
    expect(parsed).toMatchObject({ ok: false, errors: 2, warnings: 2, pagesChecked: 2, crawled: true })
    expect(parsed.findings[0]).toEqual({
      severity: 'error',
      code: 'POST_INVALID',
      message: 'posts/a.md:5:7 date "2025-13-45" is not a valid date (use YYYY-MM-DD)',
      file: 'posts/a.md',
      line: 5,
      column: 7,
      hint: 'date: 2025-03-18',
    })
    expect(parsed.findings[1]).toEqual({ severity: 'error', code: 'BROKEN_LINK', page: '/', target: '/nope/', message: 'link to /nope/ is not in dist/ (object storage answers 404)' })
    expect(JSON.parse(formatJson(toReport([], 3, true)))).toEqual({ ok: true, errors: 0, warnings: 0, pagesChecked: 3, crawled: true, findings: [] })
  })
})
