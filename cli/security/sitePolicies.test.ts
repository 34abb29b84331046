import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadSiteConfig } from '../content/config/loadSiteConfig.ts'
import type { SiteConfig } from '../content/types.ts'
import { toolRoot } from '../toolRoot.ts'
import { NOT_FOUND_LOG } from '../../pages/_lib/islands/inlineScripts.ts'
import { hashSource, parsePolicy } from './contentSecurityPolicy.ts'
import { pagePolicies, pagePolicy } from './sitePolicies.ts'
import { sitePolicies } from '../generator/stages/sitePolicies.ts'

let config: SiteConfig
beforeAll(async () => {
  ;({ config } = await loadSiteConfig(join(toolRoot, 'site.config.ts'), toolRoot))
})

const EARLY = 'early()'
const videoOrigin = () => new URL(config.hero.video.src).origin

describe('pagePolicies', () => {
  it("gives every blog page one policy, with the hosts of every post's covers and body images", () => {
    const posts = [{ image: '/images/a.png' }, { darkImage: 'https://covers.example.com/d.png', lightImage: '/l.png' }, {}]
    const policies = pagePolicies({ config, posts, bodyImageOrigins: ['https://shots.example.com'], earlyScript: EARLY })
    for (const page of ['blog/index.html', 'blog/page/2/index.html', 'blog/some-post/index.html', 'blog/tags/k8s/index.html']) {
      expect(pagePolicy(policies, page, '<html><head></head></html>')).toBe(policies.blog)
    }
    const blog = parsePolicy(policies.blog)
    expect(blog.get('img-src')).toEqual(["'self'", 'data:', 'https://covers.example.com', 'https://shots.example.com'])
    // Search (on every page of the blog) runs Pagefind's WebAssembly; without JavaScript its field is a form to the search page.
    expect(blog.get('script-src')).toEqual(["'self'", hashSource(EARLY), "'wasm-unsafe-eval'"])
    expect(blog.get('form-action')).toEqual(["'self'"])
    expect(blog.get('media-src')).toEqual(["'self'"])
  })

  it("gives every locale's blog pages the one blog policy, and every locale's other pages their own", () => {
    const withLocales = { ...config, locales: [{ code: 'de' }, { code: 'ar' }, { code: 'pt-BR' }] } as SiteConfig
    const policies = pagePolicies({ config: withLocales, posts: [{ image: 'https://covers.example.com/a.png' }], bodyImageOrigins: [], earlyScript: EARLY })
    for (const page of ['de/blog/index.html', 'ar/blog/page/2/index.html', 'pt-br/blog/some-post/index.html', 'de/blog/tags/k8s/index.html', 'de/blog/authors/maya-chen/index.html']) {
      expect(pagePolicy(policies, page, '<html><head></head></html>'), page).toBe(policies.blog)
    }
    // A folder named like the blog elsewhere, or a locale the site has not, is not the blog.
    for (const page of ['de/index.html', 'de/pricing/index.html', 'de/404.html', 'fr/blog/index.html', 'docs/blog/index.html', 'blogs/index.html']) {
      expect(pagePolicy(policies, page, '<html><head></head></html>'), page).not.toBe(policies.blog)
    }
  })

  it('gives an HTML-only page the inline scripts and the config hosts it names, and no others', () => {
    const policies = pagePolicies({ config, posts: [], bodyImageOrigins: [], earlyScript: EARLY })
    const home = parsePolicy(pagePolicy(policies, 'index.html', `<head><script>${EARLY}</script></head><video src="${config.hero.video.src}"></video>`))
    expect(home.get('script-src')).toEqual(["'self'", hashSource(EARLY)])
    expect(home.get('form-action')).toEqual(["'none'"])
    expect(home.get('media-src')).toEqual(["'self'", videoOrigin()])
    const notFound = parsePolicy(pagePolicy(policies, '404.html', `<head><script>${EARLY}</script></head><script>${NOT_FOUND_LOG}</script>`))
    expect(notFound.get('script-src')).toEqual(["'self'", hashSource(EARLY), hashSource(NOT_FOUND_LOG)])
    expect(notFound.get('media-src')).toEqual(["'self'"])
  })

  it("adds the config's sources to every page", () => {
    const withAnalytics = { ...config, security: { ...config.security, contentSecurityPolicy: { 'script-src': ['https://plausible.io'], 'connect-src': ['https://plausible.io'] } } }
    const policies = pagePolicies({ config: withAnalytics, posts: [], bodyImageOrigins: [], earlyScript: EARLY })
    for (const policy of [policies.blog, pagePolicy(policies, 'pricing/index.html', '<head></head>')]) {
      expect(parsePolicy(policy).get('connect-src')).toEqual(["'self'", 'https://plausible.io'])
      expect(parsePolicy(policy).get('script-src')).toContain('https://plausible.io')
    }
  })

  it("never writes a post's host into the blog's policy as text: one a policy cannot name is left out (the images stage reports it at its line)", () => {
    const hostile = 'https://img.example;connect-src/a.png'
    const posts = [{ image: hostile }, { lightImage: "https://a.example'/x.png" }, { darkImage: 'https://user:pw@b.example/d.png' }, { image: 'https://IMG.example:8443/c.png' }]
    const policies = sitePolicies({ config, posts: posts as never, remoteImages: [hostile, 'https://bücher.example/a.png', 'https://[::1]/a.png'], earlyScript: EARLY })
    const blog = parsePolicy(policies.blog)
    expect(blog.get('connect-src')).toEqual(["'self'"])
    expect(blog.get('img-src')).toEqual(["'self'", 'data:', 'https://img.example:8443', 'https://xn--bcher-kva.example'])
    expect(policies.blog).not.toMatch(/[;,'"]\S*example|pw@/)
  })
})
