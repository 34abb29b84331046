import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, openPage } from '../support/browser.ts'
import { repoRoot } from '../support/buildSite.ts'
import { devSiteDir, importRepoConfig, startDevServer, takeTurnsWithDevServerFiles } from '../support/devServer.ts'

// A writer's first save must never be lost, whenever it comes: right as the page has loaded,
// before its scripts have connected to the dev server, or a moment later. Each run is a new
// `kube-site dev` (only a first save is at stake), the post open in chromium, its title saved
// after a different wait each time, and the new title awaited in the open page (no reload by hand).

const RUNS = 10
const CONFIG_RUNS = 6
const STOP_RUNS = 6
const site = devSiteDir('dev-first-save')
const post = join(site, 'posts', 'pod-security-admission-in-practice.md')
let browser: Awaited<ReturnType<typeof launchBrowser>>

takeTurnsWithDevServerFiles()
beforeAll(async () => {
  mkdirSync(site, { recursive: true })
  cpSync(join(repoRoot, 'posts'), join(site, 'posts'), { recursive: true })
  writeFileSync(join(site, 'site.config.ts'), `${importRepoConfig}\nexport default config\n`)
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.cleanup()
  rmSync(site, { recursive: true, force: true })
})

describe('kube-site dev, the first save', () => {
  it(`shows in the open page, saved from 0 to 1.8 s after the page loaded, ${RUNS} servers in a row`, async () => {
    const original = readFileSync(post, 'utf8')
    for (let run = 0; run < RUNS; run++) {
      writeFileSync(post, original)
      const server = await startDevServer(site)
      const { page, context } = await openPage(browser)
      try {
        await page.goto(`${server.url}blog/pod-security-admission-in-practice/`)
        // The wait before the save: none at all, then steps of 0.2 s.
        const wait = run * 200
        if (wait > 0) await page.waitForTimeout(wait)
        const title = `First save of run ${run + 1}`
        writeFileSync(post, original.replace(/^title: .*$/m, `title: "${title}"`))
        await expect.poll(() => page.getByRole('heading', { level: 1, name: title }).count(), { timeout: 30_000, message: `run ${run + 1} (saved ${wait} ms after load):\n${server.output()}` }).toBe(1)
      } finally {
        await context.close()
        await server.stop()
      }
    }
    writeFileSync(post, original)
    // Ten servers, each started, loaded and saved: 5.5-7 s a run on this machine, 60 s in all
    // (vitest's default timeout) on a slow day. Each run waits for its own events (30 s at most).
  }, 300_000)

  // The config saved the moment the first page has answered, while the server may still be
  // transforming what it warms up: once, the edit was read ("updated site.config.ts") and the page
  // kept the old config until the next edit, in 2 runs of 6.
  it(`shows a config saved as soon as the first page has answered, ${CONFIG_RUNS} servers in a row`, async () => {
    const configFile = join(site, 'site.config.ts')
    const config = (title: string) => `${importRepoConfig}\nexport default { ...config, hero: { ...config.hero, title: ${JSON.stringify(title)} } }\n`
    const heading = async (url: string) => /<h1 id="hero-title"[^>]*>([^<]*)/.exec(await (await fetch(url)).text())?.[1]
    try {
      for (let run = 0; run < CONFIG_RUNS; run++) {
        writeFileSync(configFile, config('Before the save'))
        const server = await startDevServer(site)
        try {
          expect(await heading(server.url)).toBe('Before the save')
          const title = `Config saved in run ${run + 1}`
          writeFileSync(configFile, config(title))
          await expect.poll(() => heading(server.url), { timeout: 30_000, message: `run ${run + 1}:\n${server.output()}` }).toBe(title)
        } finally {
          await server.stop()
        }
      }
    } finally {
      writeFileSync(configFile, `${importRepoConfig}\nexport default config\n`)
    }
  }, 300_000)
})

describe('kube-site dev, stopped', () => {
  // vite's close waited for the pages warmed after the first response, then failed those still
  // waiting for Sass: "Async compiler has already been disposed", with its stack, after the
  // writer's Ctrl-C (1 stop in 3 right after the first page).
  it(`ends at once on Ctrl-C right after the first page, with nothing more printed, ${STOP_RUNS} servers in a row`, async () => {
    for (let run = 0; run < STOP_RUNS; run++) {
      const server = await startDevServer(site)
      expect((await fetch(server.url)).status).toBe(200)
      const before = server.output().length
      const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve))
      server.process.kill('SIGINT')
      expect(await exited).toBe(0)
      expect(server.output().slice(before), `run ${run + 1}`).not.toMatch(/error/i)
    }
  }, 300_000)
})
