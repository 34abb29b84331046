import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { POST_BODY_ATTRIBUTE } from '../../pages/_lib/blog/postBodyAttribute.ts'
import { refusedCharacterInHtml } from '../content/posts/controlCharacters.ts'
import { listPostFiles, renderBodies, summarizePostFiles } from '../content/posts/loadPosts.ts'
import { loadSiteConfig } from '../content/config/loadSiteConfig.ts'
import type { SiteConfig } from '../content/types.ts'
import { insertPostBody } from '../generator/prerender/insertPostBody.ts'
import { sitePolicies } from '../generator/stages/sitePolicies.ts'
import { insertPolicy } from './insertPolicy.ts'
import { readPage } from './policyBreaches.ts'

// A post's body goes into its page after the page's policy was checked (insertPostBody.ts), so
// the build never reads a body against the policy: the sanitizer alone keeps it inside. Here
// every post of the site and of the test fixtures is rendered as the build renders it, put in
// place in a page under the blog's policy (the build's own policies stage), and the page is read
// as the build reads every page it writes (policyBreaches.ts): a looser sanitizer fails here, not
// on a visitor's screen. tests/cli/build.test.ts reads the site's post pages as built, likewise.

const repo = fileURLToPath(new URL('../..', import.meta.url))

/** Every folder of posts: the site's, and each fixture folder that holds post files. */
function postFolders(): string[] {
  const folders = [join(repo, 'posts')]
  for (const top of ['cli', 'tests']) {
    for (const entry of readdirSync(join(repo, top), { recursive: true, withFileTypes: true })) {
      if (!entry.isDirectory() || !/(^|[\\/])__fixtures__([\\/]|$)/.test(relative(repo, join(entry.parentPath, entry.name)))) continue
      const folder = join(entry.parentPath, entry.name)
      if (readdirSync(folder).some((name) => name.endsWith('.md'))) folders.push(folder)
    }
  }
  return folders.filter((folder) => existsSync(folder) && !folder.includes('node_modules'))
}

/** A post page as the prerender leaves it, its body element empty: only what insertPostBody needs. */
const EMPTY_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title></head><body><main><article><div ${POST_BODY_ATTRIBUTE}=""></div></article></main></body></html>`

let config: SiteConfig
beforeAll(async () => {
  config = (await loadSiteConfig(join(repo, 'site.config.ts'), repo)).config
})

describe("every post's body, in place in its page, holds nothing the page's policy would block", () => {
  it('the site and every fixture, rendered as the build renders them', async () => {
    const origin = new URL(config.site.url).origin
    const checked: string[] = []
    const breaking: string[] = []
    for (const folder of postFolders()) {
      const names = await listPostFiles(folder, repo)
      // A post the build refuses never reaches a page: one with problems is not rendered, and a body with problems is left out.
      for (const [summary, body] of renderBodies(summarizePostFiles({ dir: folder, names, cwd: repo, known: new Set() }).toRender)) {
        if ('problems' in body) continue
        const post = { ...summary.post, html: body.html }
        const policies = sitePolicies({ config, posts: [post], remoteImages: [], earlyScript: '' })
        const page = insertPolicy(insertPostBody(EMPTY_PAGE, post.html).html, policies.blog)
        const shown = relative(repo, join(folder, post.sourceFile))
        const { breaches, hasPolicy } = readPage(page, { origin })
        expect(hasPolicy, shown).toBe(true)
        breaking.push(...breaches.map((breach) => `${shown}: ${breach.element} ${breach.problem}`))
        const character = refusedCharacterInHtml(page)
        if (character) breaking.push(`${shown}: holds ${character.name}`)
        checked.push(shown)
      }
    }
    expect(breaking).toEqual([])
    // The site's posts and the hostile one were among them: a test that checked nothing would pass too.
    expect(checked).toContain('cli/security/__fixtures__/hostile-posts/raw-html.md')
    expect(checked.filter((file) => file.startsWith('posts/')).length).toBeGreaterThan(3)
    expect(checked.length).toBeGreaterThan(20)
  })
})
