import { EventEmitter } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ViteDevServer } from 'vite'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KubeSiteError } from '../errors.ts'
import type { Reporter } from '../ui/createReporter.ts'
import type { ContentState } from './createContentState.ts'
import { SETTLE_MS, devContentPlugin, pathAfterBase, redirectLocation, runnerFollowsInvalidations, splitUnderBase } from './devContentPlugin.ts'

// The plugin's handling of file events, with vite's watcher and client channel stood in for:
// what a writer's save leads to, in which order, when the events come in bursts or not at all.

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dev-content-'))
  vi.useFakeTimers({ toFake: ['setTimeout'] })
})
afterEach(() => {
  vi.useRealTimers()
  rmSync(dir, { recursive: true, force: true })
})

/** A promise with its resolve function, to hold a reload until the test lets it finish. */
const deferred = () => Promise.withResolvers<void>()

type Middleware = (req: unknown, res: unknown, next: () => void) => void
type Client = { send: (...args: unknown[]) => void }

/** What vite's channel sends for `send(...args)`: a payload, or a custom event and its data. */
const asPayload = (args: unknown[]) => (typeof args[0] === 'string' ? { type: 'custom', event: args[0], data: args[1] } : args[0])

/** The live-content event with `version`, as a page hears it. */
const news = (version: number) => ({ type: 'custom', event: 'kube-site:content', data: { version } })

function setUp(state: Partial<ContentState>, ready?: Promise<void>, { pagesOpen = 1 } = {}) {
  const watcher = new EventEmitter() as EventEmitter & { add: () => void }
  watcher.add = () => {}
  const sent: unknown[] = []
  const listeners = new Map<string, (data: unknown, client: Client) => void>()
  const lines: string[] = []
  const middlewares: Middleware[] = []
  const server = {
    watcher,
    environments: {
      client: {
        hot: { send: (...args: unknown[]) => sent.push(asPayload(args)), on: (event: string, listener: (data: unknown, client: Client) => void) => listeners.set(event, listener) },
        moduleGraph: { idToModuleMap: new Map() },
      },
      ssr: { moduleGraph: { idToModuleMap: new Map(), invalidateModule: () => {} } },
    },
    middlewares: { use: (middleware: Middleware) => void middlewares.push(middleware) },
    config: { base: '/' },
    ws: { clients: new Set(Array.from({ length: pagesOpen }, () => ({}))) },
  } as unknown as ViteDevServer
  const reporter = { info: (line: string) => void lines.push(line) } as Partial<Reporter> as Reporter
  const configFile = join(dir, 'site.config.ts')
  // The state itself, not a copy: its error changes as it reloads.
  const kindOf = (file: string) => (file === configFile ? 'config' : 'post')
  const plugin = devContentPlugin(Object.assign(state, { kindOf }) as ContentState, {
    postsDir: dir,
    configFile,
    cwd: dir,
    reporter,
    ready,
  })
  ;(plugin.configureServer as (server: ViteDevServer) => void)(server)
  /** What a page that asks for the content's version is answered. */
  const ask = (version: string) => {
    const answers: unknown[] = []
    listeners.get('kube-site:content')!({ version }, { send: (...args) => answers.push(asPayload(args)) })
    return answers
  }
  return { watcher, sent, lines, configFile, middlewares, ask }
}

describe('devContentPlugin', () => {
  it('answers no request and applies no change before the posts the server started with are in', async () => {
    const ready = deferred()
    const reloadPost = vi.fn(async () => {})
    const { watcher, sent, middlewares } = setUp({ error: undefined, reloadPost }, ready.promise)
    const next = vi.fn()
    middlewares[0]!({ method: 'GET', url: '/', headers: { accept: 'text/html' } }, {}, next)
    watcher.emit('change', join(dir, 'a.md'))
    for (let turn = 0; turn < 10; turn++) await Promise.resolve()
    expect(next).not.toHaveBeenCalled()
    expect(reloadPost).not.toHaveBeenCalled()

    ready.resolve()
    await vi.waitFor(() => expect(sent).toEqual([news(1)]))
    expect(next).toHaveBeenCalledTimes(1)
    expect(reloadPost).toHaveBeenCalledWith(join(dir, 'a.md'), false)
  })

  it('applies changes one at a time, in the order they came, so the last save is what the page shows', async () => {
    const first = deferred()
    const errors = [new KubeSiteError('CONFIG_LOAD_FAILED', 'site.config.ts has no default export'), undefined]
    const state = {
      error: undefined as unknown,
      reloadConfig: vi.fn(async () => {
        const call = state.reloadConfig.mock.calls.length
        if (call === 1) await first.promise
        state.error = errors[call - 1]
      }),
    }
    const { watcher, sent, lines, configFile } = setUp(state as unknown as Partial<ContentState>)
    writeFileSync(configFile, 'export default {}\n')
    watcher.emit('change', configFile)
    await vi.waitFor(() => expect(state.reloadConfig).toHaveBeenCalledTimes(1))
    // The second save lands while the first is read.
    writeFileSync(configFile, 'export default { title: "A" }\n')
    watcher.emit('change', configFile)
    await Promise.resolve()
    expect(state.reloadConfig).toHaveBeenCalledTimes(1)
    first.resolve()
    await vi.waitFor(() => expect(sent).toHaveLength(2))
    expect(state.reloadConfig).toHaveBeenCalledTimes(2)
    expect(sent[0]).toMatchObject({ type: 'error', err: { message: 'site.config.ts has no default export' } })
    expect(sent[1]).toEqual(news(2))
    expect(lines.at(-1)).toBe('  fixed site.config.ts')
  })

  it("counts the content's versions: a page that asks hears the current one, open pages hear each new one", async () => {
    const reloadPost = vi.fn(async () => {})
    const { watcher, sent, ask } = setUp({ error: undefined, reloadPost })
    expect(ask('0')).toEqual([news(0)])
    watcher.emit('change', join(dir, 'a.md'))
    await vi.waitFor(() => expect(sent).toEqual([news(1)]))
    // A page served before the change, connected after it, hears that it is behind.
    expect(ask('0')).toEqual([news(1)])
    expect(ask('1')).toEqual([news(1)])
  })

  it('changes nothing for a second event about a file left as the content took it in', async () => {
    const post = join(dir, 'a.md')
    writeFileSync(post, 'one')
    const reloadPost = vi.fn(async () => {})
    const { watcher, sent } = setUp({ error: undefined, reloadPost })
    watcher.emit('change', post)
    watcher.emit('change', post)
    await vi.waitFor(() => expect(sent).toEqual([news(1)]))
    await vi.advanceTimersByTimeAsync(SETTLE_MS)
    expect(reloadPost).toHaveBeenCalledTimes(1)
    writeFileSync(post, 'two')
    watcher.emit('change', post)
    await vi.waitFor(() => expect(sent).toEqual([news(1), news(2)]))
  })

  it('shows a problem on the open pages only, and counts it as a version: a page served before it reloads into the error page', async () => {
    const state = { error: undefined as unknown, reloadPost: vi.fn(async () => void (state.error = new KubeSiteError('CONFIG_LOAD_FAILED', 'a.md is broken'))) }
    const closed = setUp(state as unknown as Partial<ContentState>, undefined, { pagesOpen: 0 })
    closed.watcher.emit('change', join(dir, 'a.md'))
    await vi.waitFor(() => expect(closed.lines).toHaveLength(1))
    // No overlay kept for a page that opens later: vite would show it over a page fixed since.
    expect(closed.sent).toEqual([])
    expect(closed.ask('0')).toEqual([news(1)])

    state.error = undefined
    const open = setUp(state as unknown as Partial<ContentState>)
    open.watcher.emit('change', join(dir, 'a.md'))
    await vi.waitFor(() => expect(open.sent).toHaveLength(1))
    expect(open.sent[0]).toMatchObject({ type: 'error', err: { message: 'a.md is broken' } })
  })

  it('waits for the rest of a post seen empty (a save half written), and takes it in empty only if it stays so', async () => {
    const post = join(dir, 'a.md')
    writeFileSync(post, '')
    const reloadPost = vi.fn(async (_file: string, _exists: boolean) => {})
    const { watcher, sent, lines } = setUp({ error: undefined, reloadPost })
    watcher.emit('change', post)
    await vi.advanceTimersByTimeAsync(SETTLE_MS / 2)
    expect(reloadPost).not.toHaveBeenCalled()
    // The rest of the save lands inside the window where vite's watcher drops its event.
    writeFileSync(post, '---\ntitle: A\n---\nBody.\n')
    await vi.advanceTimersByTimeAsync(SETTLE_MS)
    await vi.waitFor(() => expect(sent).toEqual([news(1)]))
    expect(reloadPost.mock.calls).toEqual([[post, true]])
    expect(lines).toEqual(['  updated a.md'])

    // Emptied for good: taken in (and reported, by the content's own check) once it stayed empty.
    writeFileSync(post, '')
    watcher.emit('change', post)
    await vi.advanceTimersByTimeAsync(SETTLE_MS / 2)
    expect(reloadPost).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(SETTLE_MS)
    await vi.waitFor(() => expect(sent).toEqual([news(1), news(2)]))
    expect(reloadPost).toHaveBeenCalledTimes(2)
  })

  it('reads a file again when it changed after it was read and the watcher sent no event for it', async () => {
    const post = join(dir, 'a.md')
    writeFileSync(post, '---\n')
    const reloadPost = vi.fn(async (_file: string, _exists: boolean) => {
      // The rest of a save lands after the read, inside the window where vite's watcher drops it.
      if (reloadPost.mock.calls.length === 1) writeFileSync(post, '---\ntitle: A\n---\nBody.\n')
    })
    const { watcher, sent, lines } = setUp({ reloadPost })
    watcher.emit('change', post)
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    await vi.advanceTimersByTimeAsync(SETTLE_MS)
    await vi.waitFor(() => expect(sent).toHaveLength(2))
    expect(reloadPost.mock.calls).toEqual([
      [post, true],
      [post, true],
    ])
    expect(lines).toEqual(['  updated a.md', '  updated a.md'])
    // Read as it is now: nothing more to do.
    await vi.advanceTimersByTimeAsync(SETTLE_MS)
    expect(reloadPost).toHaveBeenCalledTimes(2)
  })

  it('reads a file once when it stays as it was read, and once more for a later save with its own event', async () => {
    const post = join(dir, 'a.md')
    writeFileSync(post, 'one')
    const reloadPost = vi.fn(async (_file: string, _exists: boolean) => {})
    const { watcher, sent } = setUp({ reloadPost })
    watcher.emit('change', post)
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    await vi.advanceTimersByTimeAsync(SETTLE_MS)
    expect(reloadPost).toHaveBeenCalledTimes(1)

    // A later save comes with its own event; the check after it finds nothing left to read.
    writeFileSync(post, 'two, longer')
    watcher.emit('change', post)
    await vi.waitFor(() => expect(reloadPost).toHaveBeenCalledTimes(2))
    await vi.advanceTimersByTimeAsync(SETTLE_MS * 2)
    expect(reloadPost).toHaveBeenCalledTimes(2)
  })

  it('tells a removed post from a changed one by the file itself, and keeps going after a failure', async () => {
    const post = join(dir, 'gone.md')
    const reloadPost = vi.fn(async (_file: string, _exists: boolean) => {
      if (reloadPost.mock.calls.length === 1) throw new Error('disk trouble')
    })
    const { watcher, sent, lines } = setUp({ reloadPost })
    watcher.emit('change', post)
    watcher.emit('unlink', post)
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    expect(reloadPost.mock.calls).toEqual([
      [post, false],
      [post, false],
    ])
    expect(lines[0]).toContain('disk trouble')
    expect(lines[1]).toBe('  removed gone.md')
  })
})

describe('redirectLocation', () => {
  const redirects = new Map([
    ['/blog/old-slug/', '/blog/new-slug/'],
    ['/café/', '/pricing/'],
  ])
  it.each([
    ['/blog/old-slug/', '/', '/blog/new-slug/'],
    ['/blog/old-slug', '/', '/blog/new-slug/'],
    ['/blog/old-slug/?q=1&r=2', '/', '/blog/new-slug/?q=1&r=2'],
    ['/docs/blog/old-slug/?q=1', '/docs/', '/docs/blog/new-slug/?q=1'],
    ['/caf%C3%A9/', '/', '/pricing/'],
    ['/blog/new-slug/', '/', undefined],
    ['/blog/old-slug/index.html', '/', undefined],
    ['/blog/old-slug/', '/docs/', undefined],
    ['/%E0%A4%A/', '/', undefined],
  ])('%s under %s → %s', (url, base, location) => expect(redirectLocation(url, base, redirects)).toBe(location))
})

describe('pathAfterBase', () => {
  it.each([
    ['/llms.txt', '/', '/llms.txt'],
    ['/docs/blog/rss.xml?x=1', '/docs/', '/blog/rss.xml'],
    ['/blog/caf%C3%A9/index.md', '/', '/blog/café/index.md'],
    ['/other/llms.txt', '/docs/', undefined],
    ['/blog/%E0%A4%A/index.md', '/', undefined],
  ])('%s under %s is %s', (url, base, path) => {
    expect(pathAfterBase(url, base)).toBe(path)
  })
})

describe('splitUnderBase', () => {
  it.each([
    ['/styles/a.module.scss?direct', '/', { path: '/styles/a.module.scss', query: 'direct' }],
    ['/docs/styles/a%20b.scss?direct&t=1?x', '/docs/', { path: '/styles/a%20b.scss', query: 'direct&t=1?x' }],
    ['/docs/', '/docs/', { path: '/', query: undefined }],
    ['/docs/a.css?', '/docs/', { path: '/a.css', query: '' }],
    ['/docs', '/docs/', undefined],
    ['/other/a.css?direct', '/docs/', undefined],
  ])('%s under %s', (url, base, split) => {
    expect(splitUnderBase(url, base)).toEqual(split)
  })
})

describe('runnerFollowsInvalidations', () => {
  // A real vite server in middleware mode, with the server's pre-transforms on as `dev` runs it:
  // the runner must run a module again once the graph has invalidated it, even when the module
  // and its importers were transformed again before the runner asked for them.
  it("runs an edited module and its importers again though they were transformed before the runner asked (vite's _ssrCompatModuleRunner, a patched invalidateModule)", async () => {
    vi.useRealTimers()
    const { createServer } = await import('vite')
    writeFileSync(join(dir, 'value.js'), 'export const value = 1\n')
    writeFileSync(join(dir, 'reader.js'), "import { value } from './value.js'\nexport const read = () => value\n")
    const server = await createServer({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      server: { middlewareMode: true, watch: null, ws: false },
      environments: { ssr: { dev: { preTransformRequests: true } } },
    })
    try {
      runnerFollowsInvalidations(server)
      expect(((await server.ssrLoadModule('/reader.js')) as { read: () => number }).read()).toBe(1)
      // The runner ssrLoadModule made, under vite's private name, holding what it ran.
      const runner = (server as typeof server & { _ssrCompatModuleRunner?: { evaluatedModules: { getModuleById(id: string): unknown } } })._ssrCompatModuleRunner
      expect(runner?.evaluatedModules.getModuleById(join(dir, 'value.js'))).toBeDefined()
      writeFileSync(join(dir, 'value.js'), 'export const value = 2\n')
      const graph = server.environments.ssr.moduleGraph
      graph.invalidateModule(graph.getModuleById(join(dir, 'value.js'))!)
      // What the pre-transforms do before the next render asks: both transformed again.
      await server.environments.ssr.transformRequest('/reader.js')
      await server.environments.ssr.transformRequest('/value.js')
      expect(((await server.ssrLoadModule('/reader.js')) as { read: () => number }).read()).toBe(2)
    } finally {
      await server.close()
    }
  })
})
