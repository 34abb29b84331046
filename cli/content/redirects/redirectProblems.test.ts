import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { formatLocation, type KubeSiteError } from '../../errors.ts'
import type { Loaded } from '../posts/loadPosts.ts'
import { redirectProblems, type RedirectSite } from './redirectProblems.ts'
import type { Post } from '../types.ts'

const publicDir = fileURLToPath(new URL('../__fixtures__/public', import.meta.url))
const cwd = mkdtempSync(join(tmpdir(), 'kube-site-redirects-'))
afterAll(() => rmSync(cwd, { recursive: true, force: true }))

/** A loaded post whose frontmatter has its redirectFrom on line 7. */
const loaded = (slug: string, redirectFrom: string[] = [], fields: Partial<Post> = {}): Loaded => ({
  post: { slug, title: slug, excerpt: 'E', author: 'A', date: '2025-01-05', readTime: '1 min read', tags: [], draft: false, redirectFrom, html: '', sourceFile: `${slug}.md`, locale: 'en', ...fields },
  redirectFromAt: redirectFrom.length > 0 ? { line: 7, column: 15 } : undefined,
})

/** A site.config.ts with these redirects, one a line from line 4, in the form validation gives them. */
function site(redirects: Record<string, string>, pageSize = 2): RedirectSite {
  const file = join(cwd, 'site.config.ts')
  const entries = Object.entries(redirects).map(([from, to]) => `    '${from}': '${to}',\n`)
  writeFileSync(file, `export default defineSiteConfig({\n  blog: { pageSize: ${pageSize} },\n  redirects: {\n${entries.join('')}  },\n})\n`)
  return { config: { blog: { pageSize } as RedirectSite['config']['blog'], redirects }, file }
}

const check = (posts: Loaded[], redirectSite?: RedirectSite) =>
  redirectProblems(posts, { site: redirectSite, shown: (name) => `posts/${name}`, cwd, publicDir }).map((problem: KubeSiteError) => [
    problem.code,
    `${formatLocation(problem.location!)} ${problem.message}`,
  ])

describe('redirectProblems', () => {
  it('finds nothing to say of a site without redirects, or with good ones', () => {
    expect(check([loaded('a'), loaded('b')], site({}))).toEqual([])
    const posts = [loaded('new-a', ['/blog/a/', '/blog/2019/a.html/']), loaded('b'), loaded('c')]
    expect(check(posts, site({ '/docs/': '/pricing/', '/blog/team/': '/blog/b/', '/plans/': '/blog/page/2/' }))).toEqual([])
  })

  it('names both claims of an old URL: two posts, or a post and the config', () => {
    const posts = [loaded('a', ['/blog/old/']), loaded('b', ['/blog/old/', '/blog/older/'])]
    expect(check(posts, site({ '/blog/older/': '/pricing/' }))).toEqual([
      ['POST_INVALID', 'posts/b.md:7:15 old URL /blog/old/ is also redirected by posts/a.md:7:15 (to /blog/a/)'],
      ['CONFIG_INVALID', 'site.config.ts:4:6 old URL /blog/older/ is also redirected by posts/b.md:7:15 (to /blog/b/)'],
    ])
  })

  it('refuses an old URL that is a page of the site, a draft or a scheduled post included, and names the page', () => {
    const posts = [
      loaded('a', ['/blog/b/', '/', '/pricing/', '/blog/', '/blog/page/2/', '/blog/page/3/']),
      loaded('b'),
      loaded('draft', [], { draft: true }),
      loaded('later', [], { date: '2999-01-01' }),
    ]
    expect(check(posts, site({ '/blog/draft/': '/blog/a/', '/blog/later/': '/blog/a/', '/privacy-policy/': '/pricing/' }))).toEqual([
      ['POST_INVALID', 'posts/a.md:7:15 old URL /blog/b/ is a page of the site (the post posts/b.md): a redirect would hide it'],
      ['POST_INVALID', 'posts/a.md:7:15 old URL / is a page of the site (the home page): a redirect would hide it'],
      ['POST_INVALID', 'posts/a.md:7:15 old URL /pricing/ is a page of the site (the pricing page): a redirect would hide it'],
      ['POST_INVALID', 'posts/a.md:7:15 old URL /blog/ is a page of the site (the blog): a redirect would hide it'],
      ['POST_INVALID', 'posts/a.md:7:15 old URL /blog/page/2/ is a page of the site (a page of the blog): a redirect would hide it'],
      ['CONFIG_INVALID', 'site.config.ts:4:6 old URL /blog/draft/ is a page of the site (the post posts/draft.md): a redirect would hide it'],
      ['CONFIG_INVALID', 'site.config.ts:5:6 old URL /blog/later/ is a page of the site (the post posts/later.md): a redirect would hide it'],
      ['CONFIG_INVALID', 'site.config.ts:6:6 old URL /privacy-policy/ is a page of the site (the privacy policy): a redirect would hide it'],
    ])
  })

  it('without the config, checks the posts against the posts and the fixed pages', () => {
    const posts = [loaded('a', ['/blog/b/', '/blog/page/2/']), loaded('b'), loaded('c')]
    expect(check(posts)).toEqual([['POST_INVALID', 'posts/a.md:7:15 old URL /blog/b/ is a page of the site (the post posts/b.md): a redirect would hide it']])
  })

  it("refuses an old URL where one of the site's files is, or would have to be a folder", () => {
    const posts = [loaded('a', ['/sitemap.xml/', '/blog/rss.xml/', '/blog/atom.xml/', '/blog/feed.json/', '/llms.txt/', '/blog/a/index.md/', '/robots.txt/x/', '/assets/', '/assets/old/', '/images/pixel.png/', '/images/'])]
    const problems = check(posts, site({ '/404.html/': '/pricing/' }))
    expect(problems.map(([, text]) => text!.replace(`the file ${relative(cwd, publicDir)}`, 'the file <public>'))).toEqual([
      "posts/a.md:7:15 old URL /sitemap.xml/ is where the site's own /sitemap.xml is",
      "posts/a.md:7:15 old URL /blog/rss.xml/ is where the site's own /blog/rss.xml is",
      "posts/a.md:7:15 old URL /blog/atom.xml/ is where the site's own /blog/atom.xml is",
      "posts/a.md:7:15 old URL /blog/feed.json/ is where the site's own /blog/feed.json is",
      "posts/a.md:7:15 old URL /llms.txt/ is where the site's own /llms.txt is",
      'posts/a.md:7:15 old URL /blog/a/index.md/ is where the markdown of the post /blog/a/ is',
      "posts/a.md:7:15 old URL /robots.txt/x/ is where the site's own /robots.txt is",
      "posts/a.md:7:15 old URL /assets/ is where /assets/, the folder of the site's bundled files is",
      "posts/a.md:7:15 old URL /assets/old/ is where /assets/, the folder of the site's bundled files is",
      'posts/a.md:7:15 old URL /images/pixel.png/ is where the file <public>/images/pixel.png is',
      "site.config.ts:4:6 old URL /404.html/ is where the site's own /404.html is",
    ])
  })

  it("checks another locale's old URLs, written with its prefix or without, against its own pages and files", () => {
    const german = (slug: string, redirectFrom: string[], fields: Partial<Post> = {}) => loaded(slug, redirectFrom, { sourceFile: `de/${slug}.md`, locale: 'de', ...fields })
    const posts = [
      german('a', ['/de/', '/de/pricing/', '/blog/', '/de/blog/b/', '/DE/blog/tags/b/', '/de/blog/rss.xml/x/', '/de/404.html/', '/de/blog/b/index.md/', '/de/alt/', '/de/privacy-policy/', '/de/assets/', '/de/sitemap.xml/']),
      german('b', ['/alt/'], { tags: ['b'] }),
    ]
    const problems = redirectProblems(posts, { shown: (name) => `posts/${name}`, cwd, publicDir, prefix: '/de' }).map((problem) => `${formatLocation(problem.location!)} ${problem.message}`)
    expect(problems).toEqual([
      'posts/de/a.md:7:15 old URL /de/ is a page of the site (the home page): a redirect would hide it',
      'posts/de/a.md:7:15 old URL /de/pricing/ is a page of the site (the pricing page): a redirect would hide it',
      'posts/de/a.md:7:15 old URL /blog/ is a page of the site (the blog): a redirect would hide it',
      'posts/de/a.md:7:15 old URL /de/blog/b/ is a page of the site (the post posts/de/b.md): a redirect would hide it',
      'posts/de/a.md:7:15 old URL /DE/blog/tags/b/ is a page of the site (a page of the blog): a redirect would hide it',
      "posts/de/a.md:7:15 old URL /de/blog/rss.xml/x/ is where the site's own /de/blog/rss.xml is",
      "posts/de/a.md:7:15 old URL /de/404.html/ is where the site's own /de/404.html is",
      'posts/de/a.md:7:15 old URL /de/blog/b/index.md/ is where the markdown of the post /de/blog/b/ is',
      // /alt/ of a German post is /de/alt/; the legal pages are the default's, lent; /de/assets/ and /de/sitemap.xml are no file of the site.
      'posts/de/b.md:7:15 old URL /alt/ is also redirected by posts/de/a.md:7:15 (to /de/blog/a/)',
    ])
  })

  it("refuses a default's post's old URL under another locale's prefix, where that locale's pages are", () => {
    const withGerman = site({ '/de/alt/': '/pricing/' })
    withGerman.config.locales = [{ code: 'de' }] as RedirectSite['config']['locales']
    expect(check([loaded('a', ['/de/blog/b/', '/DE/', '/deutsch/'])], withGerman)).toEqual([
      ['POST_INVALID', "posts/a.md:7:15 old URL /de/blog/b/ is under /de/, another locale's pages"],
      ['POST_INVALID', "posts/a.md:7:15 old URL /DE/ is under /de/, another locale's pages"],
    ])
  })

  it('refuses a config redirect to what is not a page, a chain and a loop, at its line, with a frame', () => {
    const posts = [loaded('a', ['/blog/old-a/']), loaded('b')]
    const redirects = {
      '/team/': '/about/',
      '/pdf/': '/uploads/terms-of-service.pdf/',
      '/hop/': '/blog/old-a/',
      '/two-hops/': '/hop/',
      '/ping/': '/pong/',
      '/pong/': '/ping/',
      '/self/': '/self/',
    }
    const problems = redirectProblems(posts, { site: site(redirects), shown: (name) => `posts/${name}`, cwd, publicDir })
    expect(problems.map((problem) => `${formatLocation(problem.location!)} ${problem.message}`)).toEqual([
      'site.config.ts:4:6 redirect /team/ → /about/: /about/ is not a page of the site',
      'site.config.ts:5:6 redirect /pdf/ → /uploads/terms-of-service.pdf/: /uploads/terms-of-service.pdf/ is not a page of the site',
      'site.config.ts:6:6 redirect /hop/ → /blog/old-a/ is a chain: posts/a.md:7:15 redirects /blog/old-a/ on to /blog/a/',
      'site.config.ts:7:6 redirect /two-hops/ → /hop/ is a chain: site.config.ts:6:6 redirects /hop/ on to /blog/old-a/',
      'site.config.ts:8:6 redirects /ping/ → /pong/ → /ping/ go round in a loop',
      'site.config.ts:9:6 redirects /pong/ → /ping/ → /pong/ go round in a loop',
      'site.config.ts:10:6 redirects /self/ → /self/ go round in a loop',
    ])
    expect(problems.map((problem) => problem.hint)).toEqual([
      'A target is the path of a page, with its trailing slash: /pricing/, /blog/<slug>/.',
      'A target is the path of a page, with its trailing slash: /pricing/, /blog/<slug>/.',
      'Point /hop/ at /blog/a/ directly: each hop is another round trip, and crawlers give up on chains.',
      'Point /two-hops/ at /blog/a/ directly: each hop is another round trip, and crawlers give up on chains.',
      'Point each old path at the page it moved to.',
      'Point each old path at the page it moved to.',
      'Point each old path at the page it moved to.',
    ])
    expect(problems[0]!.frame).toBe("  3 |   redirects: {\n> 4 |     '/team/': '/about/',\n    |      ^\n  5 |     '/pdf/': '/uploads/terms-of-service.pdf/',")
  })

  it('finds the line of an old path written without its trailing slash', () => {
    const redirectSite = site({ '/docs': '/nowhere/' })
    redirectSite.config.redirects = { '/docs/': '/nowhere/' }
    expect(check([loaded('a')], redirectSite)).toEqual([['CONFIG_INVALID', 'site.config.ts:4:6 redirect /docs/ → /nowhere/: /nowhere/ is not a page of the site']])
  })
})

