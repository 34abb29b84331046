import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadSiteConfig } from '../content/config/loadSiteConfig.ts'
import type { SiteConfig } from '../content/types.ts'
import { KubeSiteError } from '../errors.ts'
import { toolRoot } from '../toolRoot.ts'
import { hashSource, parsePolicy } from '../security/contentSecurityPolicy.ts'
import { pagePolicies, type PagePolicies } from '../security/sitePolicies.ts'
import { devPagePath, isDevClientLoader, secureDevPage } from './devPagePolicy.ts'

const EARLY = 'early()'
const ORIGIN = 'http://127.0.0.1:5173'
// What vike's dev server writes at the end of a page: React's refresh preamble, vite's client, the entry.
const LOADER = `
import { injectIntoGlobalHook } from "/@react-refresh";
injectIntoGlobalHook(window);
window.$RefreshReg$ = () => {};
window.$RefreshSig$ = () => (type) => type;
import("/@vite/client");
import("/@fs/work/main/pages/index/+client.ts");
`
const page = (body: string, head = '') => `<!DOCTYPE html><html><head><meta charset="utf-8">${head}<script>${EARLY}</script></head><body>${body}<script type="module" async>${LOADER}</script></body></html>`

let policies: PagePolicies
beforeAll(async () => {
  const { config } = await loadSiteConfig(join(toolRoot, 'site.config.ts'), toolRoot)
  policies = pagePolicies({ config: config as SiteConfig, posts: [], bodyImageOrigins: [], earlyScript: EARLY })
})

const served = (html: string, path = 'index.html') => secureDevPage(html, { policies, page: path, origin: ORIGIN })
const policyOf = (html: string) => parsePolicy(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1]!.replaceAll('&#39;', "'"))
const refusal = (html: string, path?: string) => {
  try {
    served(html, path)
  } catch (error) {
    return error as KubeSiteError
  }
  throw new Error('the page was served')
}

describe('secureDevPage', () => {
  it("serves a page under the build's policy, with vike's loader by hash, vite's styles and its websocket", () => {
    const html = served(page('<main>Hello</main>'))
    expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script>'))
    const policy = policyOf(html)
    expect(policy.get('script-src')).toEqual(["'self'", hashSource(EARLY), hashSource(LOADER)])
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:5173'])
    expect(policy.get('default-src')).toEqual(["'none'"])
    expect(policy.has('unsafe-eval')).toBe(false)
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'")
  })

  it("writes vite's websocket only as a host the policy's grammar can name: the Host header is the request's text", () => {
    for (const origin of ['http://a.example;script-src:5173', 'http://[::1]:5173']) {
      const policy = policyOf(secureDevPage(page('<main>Hello</main>'), { policies, page: 'index.html', origin }))
      expect(policy.get('connect-src')).toEqual(["'self'"])
      expect(policy.get('script-src')).toEqual(["'self'", hashSource(EARLY), hashSource(LOADER)])
    }
  })

  it('refuses, as the build does, a style attribute, an inline <style>, a handler, a javascript: URL or an inline script', () => {
    for (const [body, problem] of [
      ['<div style="color:red">x</div>', 'has a style attribute'],
      ['<style>p{color:red}</style>', 'inline <style>'],
      ['<img src="/a.png" alt="" onerror="alert(1)">', 'inline event handler (onerror)'],
      ['<a href="javascript:alert(1)">x</a>', 'javascript: URL'],
      ['<script>alert(1)</script>', 'inline script that its policy does not allow'],
      // An inline module is vike's loader only if it loads vite's client.
      ['<script type="module">import("/pages/x.ts")</script>', 'inline script that its policy does not allow'],
      ['<img src="https://elsewhere.example.com/a.png" alt="">', 'img-src does not allow'],
    ] as [string, string][]) {
      const error = refusal(page(body))
      expect(error.code).toBe('PAGE_BREAKS_POLICY')
      expect(error.message).toContain(problem)
      expect(error.location?.file).toBe('index.html')
    }
  })

  it("gives the blog's pages the blog's policy and a page not found the 404 page's", () => {
    expect(devPagePath('/blog/some-post/', '/', 200)).toBe('blog/some-post/index.html')
    expect(devPagePath('/docs/blog/', '/docs/', 200)).toBe('blog/index.html')
    expect(devPagePath('/', '/', 200)).toBe('index.html')
    expect(devPagePath('/blog/missing/', '/', 404)).toBe('404.html')
    expect(policyOf(served(page('<p>x</p>'), 'blog/index.html')).get('img-src')).toEqual(parsePolicy(policies.blog).get('img-src'))
  })

  it("knows vike's loader by its import of vite's client", () => {
    expect(isDevClientLoader(LOADER)).toBe(true)
    expect(isDevClientLoader('import("/docs/@vite/client")')).toBe(true)
    expect(isDevClientLoader('fetch("/@vite/client")')).toBe(false)
  })
})
