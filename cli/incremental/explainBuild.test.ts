import { describe, expect, it } from 'vitest'
import { cutList, explainJson, explainText, type BuildExplanation } from './explainBuild.ts'
import type { BuildPlan, PlannedFile, PlannedPage } from './planBuild.ts'

// The explanation on plain data: what the caches told and a plan, as a build would hand them on.

const letters = (count: number) => Array.from({ length: count }, (_, at) => String.fromCharCode(97 + at))
const rest = (left: readonly string[]) => `and ${left.join('+')}`

describe('cutList', () => {
  const rows: [items: number, max: number, lines: string[]][] = [
    [0, 2, []],
    [1, 2, ['a']],
    [2, 2, ['a', 'b']],
    [3, 2, ['a', 'b', 'and c']],
    [5, 2, ['a', 'b', 'and c+d+e']],
    [3, 0, ['and a+b+c']],
  ]
  it.each(rows)('cuts %i items at %i, the rest in one line', (items, max, lines) => {
    expect(cutList(letters(items), max, (item) => item, rest)).toEqual(lines)
  })
})

/** A plan of `pages` (URL → action, reason) and `files`, rendered by the server runtime. */
function plan(pages: [string, PlannedPage][], files: [string, PlannedFile][] = [], replacedWhole = false): BuildPlan {
  const byAction = (action: string) => pages.filter(([, planned]) => planned.action === action).map(([url]) => url)
  return {
    pages: new Map(pages),
    kept: byAction('kept'),
    bodyReplaced: byAction('body replaced'),
    rendered: byAction('rendered'),
    removed: byAction('removed'),
    renderWith: { way: 'server runtime', reason: '200 pages or fewer' },
    files: new Map(files),
    replacedWhole,
  }
}
const kept: PlannedPage = { action: 'kept', reason: 'unchanged' }
const bodyChanged: PlannedPage = { action: 'body replaced', reason: 'body changed' }
const dataChanged: PlannedPage = { action: 'rendered', reason: 'data changed' }
const posts = (missed: string[]) => ({ cache: 'posts' as const, hits: 3, misses: missed.length, counted: true, ...(missed.length > 0 && { reason: 'content changed' }), missed })

/** A one-post edit: its file missed, its page given the new body, its twin written; the rest kept. */
const oneEdit: BuildExplanation = {
  caches: [{ cache: 'bundle', hits: 1, misses: 0, counted: false }, posts(['posts/netpol.md'])],
  plan: plan(
    [
      ['/', kept],
      ['/blog/netpol/', bodyChanged],
      ['/blog/rbac/', kept],
    ],
    [
      ['blog/netpol.md', { action: 'written', reason: "its page's body replaced" }],
      ['blog/rbac.md', { action: 'kept', reason: 'its page kept' }],
      ['robots.txt', { action: 'written', reason: 'made every build' }],
      ['assets/old.css', { action: 'removed', reason: 'asset no longer made' }],
    ],
  ),
}

describe('explainText', () => {
  it('names the posts that missed and each page and file not kept, with why, under their lines', () => {
    expect(explainText(oneEdit)).toEqual([
      'bundle: hit',
      'posts: 3 hit, 1 miss (content changed)',
      '  posts/netpol.md',
      'page plan: 2 kept (unchanged), 1 body replaced (body changed)',
      '  body replaced /blog/netpol/ (body changed)',
      'file plan: 1 kept (its page kept), 2 written (1 its page\'s body replaced, 1 made every build), 1 removed (asset no longer made)',
      "  written blog/netpol.md (its page's body replaced)",
      '  written robots.txt (made every build)',
      '  removed assets/old.css (asset no longer made)',
    ])
  })

  it('names the first of a long list in the plan\'s order, and counts the rest by action and reason', () => {
    const pages: [string, PlannedPage][] = [
      ['/', kept],
      ['/blog/', dataChanged],
      ['/blog/a/', bodyChanged],
      ['/blog/b/', { action: 'rendered', reason: 'new page' }],
      ['/blog/c/', dataChanged],
      ['/blog/d/', dataChanged],
      ['/blog/old/', { action: 'removed', reason: 'page gone' }],
    ]
    const lines = explainText({ caches: [posts(['posts/a.md', 'posts/b.md', 'posts/c.md'])], plan: plan(pages) }, 2)
    expect(lines).toEqual([
      'posts: 3 hit, 3 miss (content changed)',
      '  posts/a.md',
      '  posts/b.md',
      '  … and 1 more',
      "page plan: 1 kept (unchanged), 1 body replaced (body changed), 4 rendered (3 data changed, 1 new page) by vike's server runtime (200 pages or fewer), 1 removed (page gone)",
      '  rendered /blog/ (data changed)',
      '  body replaced /blog/a/ (body changed)',
      '  … and 3 more rendered (1 new page, 2 data changed), 1 more removed (page gone)',
      'file plan: none',
    ])
  })

  it('names the first NAMED_MAX (20) of a list by default: a rebuild of every page after another bundle', () => {
    const urls = ['/', ...Array.from({ length: 24 }, (_, at) => `/blog/post-${at}/`)]
    const lines = explainText({ caches: [], plan: plan(urls.map((url) => [url, { action: 'rendered', reason: 'bundle changed' }])) })
    expect(lines).toEqual([
      "page plan: 25 rendered (bundle changed) by vike's server runtime (200 pages or fewer)",
      ...urls.slice(0, 20).map((url) => `  rendered ${url} (bundle changed)`),
      '  … and 5 more rendered (bundle changed)',
      'file plan: none',
    ])
  })

  it('says when nothing was rendered, no post missed, and no file is listed', () => {
    expect(explainText({ caches: [posts([])], plan: plan([['/', kept]]) })).toEqual(['posts: 3 hit, 0 miss', 'page plan: 1 kept (unchanged)', 'file plan: none'])
  })
})

describe('explainJson', () => {
  it('holds every cache, page and file, kept ones included, in the plan\'s order', () => {
    expect(JSON.parse(explainJson(oneEdit))).toEqual({
      caches: [
        { cache: 'bundle', hits: 1, misses: 0 },
        { cache: 'posts', hits: 3, misses: 1, reason: 'content changed', missed: ['posts/netpol.md'] },
      ],
      pages: {
        renderWith: { way: 'server runtime', reason: '200 pages or fewer' },
        pages: [
          { url: '/', action: 'kept', reason: 'unchanged' },
          { url: '/blog/netpol/', action: 'body replaced', reason: 'body changed' },
          { url: '/blog/rbac/', action: 'kept', reason: 'unchanged' },
        ],
      },
      files: {
        replacedWhole: false,
        files: [
          { file: 'blog/netpol.md', action: 'written', reason: "its page's body replaced" },
          { file: 'blog/rbac.md', action: 'kept', reason: 'its page kept' },
          { file: 'robots.txt', action: 'written', reason: 'made every build' },
          { file: 'assets/old.css', action: 'removed', reason: 'asset no longer made' },
        ],
      },
    })
  })
})
