import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { explainFiles, explainPlan, filesTo, mayReuse, planBuild, plannedPageUrls, withBodiesNotReplaced, withContentNamed, withFilesBeside, withRemovals, withSiteFiles, type OutputFiles, type PlanInputs, type PreviousPages, type SiteFileInputs } from './planBuild.ts'

// The planner on plain data: a previous output of a home page and two posts, as a build recorded
// them, and this build's hashes, changed one way a row.

const pageFile = (url: string) => (url === '/404/' ? '404.html' : `${url.slice(1)}index.html`)
const files = (url: string) => [pageFile(url), 100, 1, 'assets/static/page.css', 50, 1].join('\t')
const recorded = (url: string, extra: { body?: [number, number]; files?: string } = {}) => ({ hash: `hash ${url}`, data: `data ${url}`, files: files(url), ...extra })
const URLS = ['/', '/blog/a/', '/blog/b/']

/** The previous output: every page recorded (the posts with their body's place) and intact. */
function previousOutput(): { manifest: { bundle: string; pages: Map<string, ReturnType<typeof recorded>> }; intact: Set<string> } {
  const pages = new Map(URLS.map((url) => [url, recorded(url, url.startsWith('/blog/') ? { body: [10, 20] } : {})]))
  return { manifest: { bundle: 'bundle', pages }, intact: new Set(URLS) }
}

/** This build's inputs, the same pages with the same hashes as recorded. */
function sameInputs(): PlanInputs & { hashes: { hashes: Map<string, string>; data: Map<string, string>; bundle: string } } {
  return {
    hashes: { hashes: new Map(URLS.map((url) => [url, `hash ${url}`])), data: new Map(URLS.map((url) => [url, `data ${url}`])), bundle: 'bundle' },
    postUrls: ['/blog/a/', '/blog/b/'],
    cached: true,
    restored: true,
    surveyed: true,
    pageFile,
    threadCount: () => 1,
  }
}

type Edit = (previous: ReturnType<typeof previousOutput>, inputs: ReturnType<typeof sameInputs>) => void
const sourceChanged: Edit = (_, { hashes }) => void hashes.hashes.set('/blog/a/', 'new hash')

// One row a reason: the edit, the page it is about, and what the plan does with it.
const rows: [reason: string, edit: Edit, url: string, action: string][] = [
  ['unchanged', () => {}, '/', 'kept'],
  ['body changed (replaced)', sourceChanged, '/blog/a/', 'body replaced'],
  ['body changed (rendered: the output is not surveyed, so not updated in place)', (previous, inputs) => (sourceChanged(previous, inputs), (inputs.surveyed = false)), '/blog/a/', 'rendered'],
  ['body changed (rendered: no page kept)', (previous, inputs) => {
    for (const url of URLS) inputs.hashes.hashes.set(url, 'new hash')
    inputs.hashes.data.set('/', 'new data')
  }, '/blog/a/', 'rendered'],
  ['source changed (no body recorded)', (previous, inputs) => (sourceChanged(previous, inputs), delete previous.manifest.pages.get('/blog/a/')!.body), '/blog/a/', 'rendered'],
  ['data changed', (_, { hashes }) => (hashes.hashes.set('/blog/a/', 'new hash'), hashes.data.set('/blog/a/', 'new data')), '/blog/a/', 'rendered'],
  ['data changed (none recorded)', (previous, inputs) => (sourceChanged(previous, inputs), delete (previous.manifest.pages.get('/blog/a/') as { data?: string }).data), '/blog/a/', 'rendered'],
  ['bundle changed', (_, inputs) => {
    for (const url of URLS) inputs.hashes.hashes.set(url, 'new hash'), inputs.hashes.data.set(url, 'new data')
    inputs.hashes.bundle = 'new bundle'
  }, '/', 'rendered'],
  ['output edited by hand (unchanged hash)', (previous) => previous.intact.delete('/'), '/', 'rendered'],
  ['body changed (rendered: not surveyed, so its files were not checked)', (previous, inputs) => {
    sourceChanged(previous, inputs)
    previous.intact.delete('/blog/a/')
    inputs.surveyed = false
  }, '/blog/a/', 'rendered'],
  ['output edited by hand (body changed)', (previous, inputs) => (sourceChanged(previous, inputs), previous.intact.delete('/blog/a/')), '/blog/a/', 'rendered'],
  ['output edited by hand (its own file not recorded first)', (previous) => void (previous.manifest.pages.get('/')!.files = ['assets/static/page.css', 50, 1, 'index.html', 100, 1].join('\t')), '/', 'rendered'],
  ['new page', (_, { hashes }) => (hashes.hashes.set('/blog/c/', 'hash'), hashes.data.set('/blog/c/', 'data')), '/blog/c/', 'rendered'],
  ['no previous output', (previous) => delete (previous as PreviousPages).manifest, '/', 'rendered'],
  ['page gone', (_, { hashes }) => hashes.hashes.delete('/blog/b/'), '/blog/b/', 'removed'],
]

describe('planBuild', () => {
  it.each(rows)('%s', (reason, edit, url, action) => {
    const previous = previousOutput()
    const inputs = sameInputs()
    edit(previous, inputs)
    const plan = planBuild(previous, inputs)
    expect(plan.pages.get(url)).toEqual({ action, reason: reason.replace(/ \(.*\)$/, '') })
    // Every page has one action, and each list holds the pages of its action.
    const listed = { kept: plan.kept, 'body replaced': plan.bodyReplaced, rendered: plan.rendered, removed: plan.removed }
    for (const [page, { action: its }] of plan.pages) expect(listed[its], page).toContain(page)
    expect(Object.values(listed).flat()).toHaveLength(plan.pages.size)
  })

  it('renders every page without hashes: the caches off, or a clean build', () => {
    const inputs = { ...sameInputs(), hashes: undefined, urls: URLS }
    expect([...planBuild(undefined, { ...inputs, cached: false }).pages.values()]).toEqual(URLS.map(() => ({ action: 'rendered', reason: 'no cache' })))
    const clean = planBuild(undefined, inputs)
    expect(clean.rendered).toEqual(URLS)
    expect(clean.renderWith).toEqual({ way: 'server runtime', reason: "in the CLI's thread" })
  })

  it("renders pages with vike's server runtime, in as many threads as threadCount gives", () => {
    const plan = (edit: (inputs: ReturnType<typeof sameInputs>) => void) => {
      const inputs = sameInputs()
      edit(inputs)
      return planBuild(previousOutput(), inputs).renderWith
    }
    const change = (inputs: ReturnType<typeof sameInputs>) => (inputs.hashes.hashes.set('/', 'new hash'), inputs.hashes.data.set('/', 'new data'))
    expect(plan(() => {})).toEqual({ way: 'none', reason: 'no page to render' })
    expect(plan(change)).toEqual({ way: 'server runtime', reason: "in the CLI's thread" })
    expect(plan((inputs) => (change(inputs), (inputs.threadCount = (pages) => (pages === 1 ? 2 : 1))))).toEqual({ way: 'server runtime', reason: 'in 2 threads' })
  })

  it('gives the bodies in the order of the posts, and renders those not replaced', () => {
    const inputs = sameInputs()
    inputs.hashes.hashes.set('/blog/a/', 'new hash').set('/blog/b/', 'new hash')
    inputs.postUrls = ['/blog/b/', '/blog/a/']
    const plan = planBuild(previousOutput(), inputs)
    expect(plan.bodyReplaced).toEqual(['/blog/b/', '/blog/a/'])
    const settled = withBodiesNotReplaced(plan, ['/blog/b/'], inputs)
    expect(settled.bodyReplaced).toEqual(['/blog/a/'])
    expect(settled.pages.get('/blog/b/')).toEqual({ action: 'rendered', reason: 'body not where it was recorded' })
    expect(settled.renderWith.way).toBe('server runtime')
  })

  it('waits for the policies only when the bundle is cached and restored, or the output was recorded', () => {
    let asked = 0
    const recorded = (answer: boolean) => () => (asked++, answer)
    expect(mayReuse({ cached: false, restored: true }, recorded(true))).toBe(false)
    expect(mayReuse({ cached: true, restored: true }, recorded(false))).toBe(true)
    expect(asked).toBe(0)
    expect(mayReuse({ cached: true, restored: false }, recorded(true))).toBe(true)
    expect(mayReuse({ cached: true, restored: false }, recorded(false))).toBe(false)
  })
})

describe('plannedPageUrls', () => {
  it("lists the pages the output has once the plan is carried out, sorted: not a page gone, not a not-found page", () => {
    const previous = previousOutput()
    const inputs = sameInputs()
    inputs.hashes.hashes.delete('/blog/b/')
    for (const [url, hash] of [['/de/', 'h'], ['/blog/c/', 'h'], ['de/404', 'h'], ['404', 'h']]) inputs.hashes.hashes.set(url!, hash!)
    const plan = planBuild(previous, inputs)
    expect(plan.pages.get('/blog/b/')?.action).toBe('removed')
    expect(plannedPageUrls(plan)).toEqual(['/', '/blog/a/', '/blog/c/', '/de/'])
    expect(plannedPageUrls(planBuild(undefined, { ...sameInputs(), hashes: undefined, urls: ['/pricing/', '/', '404'] }))).toEqual(['/', '/pricing/'])
  })
})

describe('explainPlan', () => {
  it('counts each action with its reasons, and says how the rendered pages are made', () => {
    const previous = previousOutput()
    previous.manifest.pages.set('/blog/', recorded('/blog/'))
    previous.intact.add('/blog/')
    const inputs = sameInputs()
    inputs.hashes.hashes.set('/blog/a/', 'new hash').set('/blog/c/', 'hash').set('/blog/', 'new hash').delete('/blog/b/')
    inputs.hashes.data.set('/blog/', 'new data')
    expect(explainPlan(planBuild(previous, inputs))).toBe(
      "1 kept (unchanged), 1 body replaced (body changed), 2 rendered (1 new page, 1 data changed) by vike's server runtime (in the CLI's thread), 1 removed (page gone)",
    )
    const body = sameInputs()
    body.hashes.hashes.set('/blog/a/', 'new hash')
    expect(explainPlan(planBuild(previousOutput(), body))).toBe('2 kept (unchanged), 1 body replaced (body changed)')
  })
})

// The site's other files on plain data: the blog's feed and a tag's, recorded by the last build
// with their keys and as the output still holds them, robots.txt made every build; this build's
// keys the same, changed one way a row.
function siteFileInputs(): SiteFileInputs & { keys: Map<string, string | undefined>; recorded: Map<string, { key: string; size: number; mtimeMs: number; now?: { size: number; mtimeMs: number } }> } {
  const feeds = ['/blog/rss.xml', '/blog/tags/k8s/rss.xml']
  return {
    keys: new Map<string, string | undefined>([...feeds.map((urlPath): [string, string] => [urlPath, `key ${urlPath}`]), ['/robots.txt', undefined]]),
    recorded: new Map(feeds.map((urlPath) => [urlPath, { key: `key ${urlPath}`, size: 10, mtimeMs: 1, now: { size: 10, mtimeMs: 1 } }])),
    cached: true,
    updating: true,
  }
}
type FileEdit = (inputs: ReturnType<typeof siteFileInputs>) => void
const FEED = '/blog/rss.xml'

const siteFileRows: [reason: string, edit: FileEdit, urlPath: string, action: string][] = [
  ['unchanged', () => {}, FEED, 'kept'],
  ['content changed', (inputs) => void inputs.keys.set(FEED, 'new key'), FEED, 'written'],
  ['new file', (inputs) => void inputs.recorded.delete(FEED), FEED, 'written'],
  ['output edited by hand (its size)', (inputs) => void (inputs.recorded.get(FEED)!.now = { size: 11, mtimeMs: 1 }), FEED, 'written'],
  ['output edited by hand (its time)', (inputs) => void (inputs.recorded.get(FEED)!.now = { size: 10, mtimeMs: 2 }), FEED, 'written'],
  ['output edited by hand (gone from it)', (inputs) => void delete inputs.recorded.get(FEED)!.now, FEED, 'written'],
  ['made every build', () => {}, '/robots.txt', 'written'],
  ['output replaced whole', (inputs) => void (inputs.updating = false), FEED, 'written'],
  ['no cache', (inputs) => void (inputs.cached = false), FEED, 'written'],
]

describe('withSiteFiles', () => {
  it.each(siteFileRows)('%s', (reason, edit, urlPath, action) => {
    const inputs = siteFileInputs()
    edit(inputs)
    const plan = withSiteFiles(planBuild(previousOutput(), sameInputs()), inputs)
    expect(plan.files.get(urlPath.slice(1))).toEqual({ action, reason: reason.replace(/ \(.*\)$/, '') })
    // Every site file is planned, the pages as they were.
    expect(plan.files.size).toBe(inputs.keys.size)
    expect(plan.kept).toEqual(URLS)
  })
})

// A post's markdown twin, beside its page: one row a page's action.
const besideRows: [reason: string, edit: Edit, action: string][] = [
  ['its page kept', () => {}, 'kept'],
  ["its page's body replaced", sourceChanged, 'written'],
  ['its page rendered', (_, { hashes }) => (hashes.hashes.set('/blog/a/', 'new hash'), hashes.data.set('/blog/a/', 'new data')), 'written'],
]

describe('withFilesBeside', () => {
  it.each(besideRows)('%s', (reason, edit, action) => {
    const [previous, inputs] = [previousOutput(), sameInputs()]
    edit(previous, inputs)
    const plan = withFilesBeside(planBuild(previous, inputs), new Map([['/blog/a/', '/blog/a/index.md']]))
    expect(plan.files).toEqual(new Map([[join('blog', 'a', 'index.md'), { action, reason }]]))
  })
})

// A social card and a search shard's file, named by their content, and the output that holds the card.
const CARD = 'cards/a.png'
const SHARD = 'assets/search/1/index.pf'
const contentNamedRows: [reason: string, options: { cached?: boolean; updating?: boolean }, file: string, action: string][] = [
  ['content-named, in the output', {}, CARD, 'kept'],
  ['not in the output', {}, SHARD, 'written'],
  ['output replaced whole', { updating: false }, CARD, 'written'],
  ['no cache', { cached: false }, CARD, 'written'],
]

describe('withContentNamed', () => {
  it.each(contentNamedRows)('%s', (reason, options, file, action) => {
    const plan = withContentNamed(planBuild(previousOutput(), sameInputs()), [CARD, SHARD], { present: new Set([CARD]), cached: true, updating: true, ...options })
    expect(plan.files.get(file)).toEqual({ action, reason })
    expect(plan.files.size).toBe(2)
  })
})

// The previous output of the planner's pages (each page's file and a post's twin, their
// stylesheet), a feed and a tag's, and what this build takes over and makes, changed one way a row.
function outputFiles(): OutputFiles & { previous: string[]; kept: Map<string, number>; made: Map<string, number> } {
  const pages = ['index.html', 'blog/a/index.html', 'blog/a/index.md', 'blog/b/index.html', 'blog/b/index.md', 'assets/static/page.css']
  return {
    previous: [...pages, 'blog/rss.xml', 'blog/tags/k8s/rss.xml'],
    kept: new Map(pages.map((file) => [file, 1])),
    made: new Map([['blog/rss.xml', 1], ['blog/tags/k8s/rss.xml', 1]]),
    recordedSiteFiles: ['/blog/rss.xml', '/blog/tags/k8s/rss.xml'],
    recordedPages: new Map(URLS.map((url) => [url, { files: [`${url.slice(1)}index.html`, 100, 1, `${url.slice(1)}index.md`, 10, 1, 'assets/static/page.css', 50, 1].join('\t') }])),
  }
}
type OutputEdit = (files: ReturnType<typeof outputFiles>, inputs: ReturnType<typeof sameInputs>) => void
const pageGone: OutputEdit = (files, inputs) => {
  inputs.hashes.hashes.delete('/blog/b/')
  files.kept.delete('blog/b/index.html')
  files.kept.delete('blog/b/index.md')
}

const removalRows: [reason: string, edit: OutputEdit, file: string][] = [
  ['page gone', pageGone, 'blog/b/index.html'],
  ['page gone (its markdown twin)', pageGone, 'blog/b/index.md'],
  ['site file gone', (files) => void files.made.delete('blog/tags/k8s/rss.xml'), 'blog/tags/k8s/rss.xml'],
  ['asset no longer made', (files) => void files.kept.delete('assets/static/page.css'), 'assets/static/page.css'],
  ['not made by this build (put there by hand)', (files) => void files.previous.push('by-hand.txt'), 'by-hand.txt'],
  ['not made by this build (its page not recorded as gone)', (files) => void files.kept.delete('blog/a/index.md'), 'blog/a/index.md'],
]

describe('withRemovals', () => {
  it.each(removalRows)('%s', (reason, edit, file) => {
    const files = outputFiles()
    const inputs = sameInputs()
    edit(files, inputs)
    const plan = withRemovals(planBuild(previousOutput(), inputs), files)
    expect(plan.files.get(file)).toEqual({ action: 'removed', reason: reason.replace(/ \(.*\)$/, '') })
    // Only what is neither kept nor made goes.
    for (const gone of filesTo(plan, 'removed')) expect(files.kept.has(gone) || files.made.has(gone), gone).toBe(false)
    expect(plan.replacedWhole).toBe(false)
  })

  it('removes nothing the build keeps or makes, and says when the output is replaced whole', () => {
    const plan = planBuild(previousOutput(), sameInputs())
    expect(filesTo(withRemovals(plan, outputFiles()), 'removed')).toEqual([])
    expect(withRemovals(plan, undefined)).toMatchObject({ replacedWhole: true, files: new Map() })
  })
})

describe('explainFiles', () => {
  it('counts each action with its reasons, and says when the output was replaced whole', () => {
    const inputs = siteFileInputs()
    inputs.keys.set(FEED, 'new key')
    const files = outputFiles()
    files.previous.push('by-hand.txt')
    const plan = withRemovals(withSiteFiles(planBuild(previousOutput(), sameInputs()), inputs), files)
    expect(explainFiles(plan)).toBe('1 kept (unchanged), 2 written (1 content changed, 1 made every build), 1 removed (not made by this build)')
    const whole = withRemovals(withSiteFiles(planBuild(previousOutput(), sameInputs()), { ...siteFileInputs(), updating: false }), undefined)
    expect(explainFiles(whole)).toBe('3 written (output replaced whole); the previous output replaced whole')
  })
})
