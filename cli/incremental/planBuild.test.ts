import { describe, expect, it } from 'vitest'
import { explainPlan, mayReuse, planBuild, RUNTIME_PAGES_MAX, withBodiesNotReplaced, type PlanInputs, type PreviousPages } from './planBuild.ts'

// The planner on plain data: a previous output of a home page and two posts, as a build recorded
// them, and this build's hashes, changed one way a row.

const pageFiles = (url: string) => [url === '/404/' ? '404.html' : `${url.slice(1)}index.html`]
const files = (url: string) => [pageFiles(url)[0], 100, 1, 'assets/static/page.css', 50, 1].join('\t')
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
    pageFiles,
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
    expect(clean.renderWith).toEqual({ way: 'prerender', reason: 'every page' })
  })

  it("renders a few pages of a restored bundle with vike's server runtime, more with the prerender", () => {
    const plan = (edit: (inputs: ReturnType<typeof sameInputs>) => void) => {
      const inputs = sameInputs()
      edit(inputs)
      return planBuild(previousOutput(), inputs).renderWith
    }
    const change = (inputs: ReturnType<typeof sameInputs>) => (inputs.hashes.hashes.set('/', 'new hash'), inputs.hashes.data.set('/', 'new data'))
    expect(plan(() => {})).toEqual({ way: 'none', reason: 'no page to render' })
    expect(plan(change)).toEqual({ way: 'server runtime', reason: `${RUNTIME_PAGES_MAX} pages or fewer` })
    expect(plan((inputs) => (change(inputs), (inputs.threadCount = () => 2)))).toEqual({ way: 'prerender', reason: 'pages for more than one thread' })
    expect(plan((inputs) => (change(inputs), (inputs.restored = false)))).toEqual({ way: 'prerender', reason: 'bundle made by this build' })
    const many = plan((inputs) => {
      for (let at = 0; at <= RUNTIME_PAGES_MAX; at++) inputs.hashes.hashes.set(`/blog/new-${at}/`, 'hash')
    })
    expect(many).toEqual({ way: 'prerender', reason: `more than ${RUNTIME_PAGES_MAX} pages` })
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

describe('explainPlan', () => {
  it('counts each action with its reasons, and says how the rendered pages are made', () => {
    const previous = previousOutput()
    previous.manifest.pages.set('/blog/', recorded('/blog/'))
    previous.intact.add('/blog/')
    const inputs = sameInputs()
    inputs.hashes.hashes.set('/blog/a/', 'new hash').set('/blog/c/', 'hash').set('/blog/', 'new hash').delete('/blog/b/')
    inputs.hashes.data.set('/blog/', 'new data')
    expect(explainPlan(planBuild(previous, inputs))).toBe(
      "1 kept (unchanged), 1 body replaced (body changed), 2 rendered (1 new page, 1 data changed) by vike's server runtime (200 pages or fewer), 1 removed (page gone)",
    )
    const body = sameInputs()
    body.hashes.hashes.set('/blog/a/', 'new hash')
    expect(explainPlan(planBuild(previousOutput(), body))).toBe('2 kept (unchanged), 1 body replaced (body changed)')
  })
})
