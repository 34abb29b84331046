import { describe, expect, it } from 'vitest'
import type { SiteConfig } from '../../content/types.ts'
import { renderLlmsTxt } from './llmsTxt.ts'

const config = {
  brand: { name: 'KubeGuard' },
  site: { url: 'https://kubeguard.dev', description: 'AI agents that secure\nKubernetes.' },
  pricing: { description: 'Plans for every cluster.' },
  blog: { description: 'Field notes.' },
  legal: { privacyPolicy: { title: 'Privacy Policy' }, termsOfService: { title: 'Terms of Service' } },
} as SiteConfig
const pages = ['/', '/pricing/', '/blog/', '/privacy-policy/', '/terms-of-service/']

describe('renderLlmsTxt', () => {
  it('gives the name, the description as a quote, then the pages, every post and the optional links, all absolute', () => {
    const posts = [
      { slug: 'b', title: 'Newest', excerpt: 'Second\npost.' },
      { slug: 'a', title: 'Oldest', excerpt: 'First post.' },
    ]
    expect(renderLlmsTxt({ config, posts, base: '/marketing/', pages })).toBe(
      [
        '# KubeGuard',
        '',
        '> AI agents that secure Kubernetes.',
        '',
        '## Pages',
        '',
        '- [KubeGuard](https://kubeguard.dev/marketing/)',
        '- [Pricing](https://kubeguard.dev/marketing/pricing/): Plans for every cluster.',
        '- [Blog](https://kubeguard.dev/marketing/blog/): Field notes.',
        '',
        '## Blog',
        '',
        '- [Newest](https://kubeguard.dev/marketing/blog/b/index.md): Second post.',
        '- [Oldest](https://kubeguard.dev/marketing/blog/a/index.md): First post.',
        '',
        '## Optional',
        '',
        '- [RSS feed of the blog](https://kubeguard.dev/marketing/blog/rss.xml): the newest posts in full',
        '- [Privacy Policy](https://kubeguard.dev/marketing/privacy-policy/)',
        '- [Terms of Service](https://kubeguard.dev/marketing/terms-of-service/)',
        '',
      ].join('\n'),
    )
  })

  it('lists only the pages the site has, and no blog section or feed without posts', () => {
    const text = renderLlmsTxt({ config, posts: [], base: '/', pages: ['/', '/blog/'] })
    expect(text).not.toMatch(/Pricing|## Blog|RSS|Privacy|Terms/)
    expect(text).toContain('- [Blog](https://kubeguard.dev/blog/): Field notes.')
  })

  it('keeps a title and an excerpt with brackets, markup, quotes and line breaks a single link with its note, shown as written', () => {
    const title = 'RBAC [part 1] \\ <script>"x"</script>'
    const text = renderLlmsTxt({ config, posts: [{ slug: 'x', title, excerpt: "It's [not]\n<b>a</b> link](x)" }], base: '/', pages })
    expect(text).toContain('- [RBAC \\[part 1\\] \\\\ \\<script>"x"\\</script>](https://kubeguard.dev/blog/x/index.md): It\'s \\[not\\] \\<b>a\\</b> link\\](x)\n')
  })
})
