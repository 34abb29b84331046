import { describe, expect, it } from 'vitest'
import { extractPastedImages, PASTED_PREFIX } from '../../content/markdown/pastedImages.ts'
import { renderMarkdownTwin, twinBody, twinHeader } from './markdownTwin.ts'
import { uiStrings } from '../../../pages/_lib/text/uiStrings.ts'

const post = { title: 'Least-privilege [RBAC] <script>', author: 'Maya Chen', date: '2025-03-18', tags: ['rbac', 'network security'] }
const page = 'https://kubeguard.dev/docs/blog/least-privilege/'
const english = uiStrings('en')

/** What the images stage made of each image, as the page shows it; anything else as written. */
const shownAt: Record<string, string> = { './shot.png': '/assets/images/shot-1600.jpg', './flow.svg': '/assets/images/flow-0123.svg', '/images/hero.png': '/assets/images/hero-1600.jpg' }
const asked: string[] = []
const imageUrl = async (src: string) => {
  asked.push(src)
  return shownAt[src] ?? (src.startsWith(PASTED_PREFIX) ? `/assets/images/${src.slice(PASTED_PREFIX.length)}` : src)
}

describe('twinHeader', () => {
  it('the title as the one h1, then author, date, update, tags and the page, as text', () => {
    expect(twinHeader({ ...post, updated: '2025-04-02' }, page, english)).toBe(
      '# Least-privilege \\[RBAC\\] \\<script>\n\nBy Maya Chen · 2025-03-18 · updated 2025-04-02 · Tags: rbac, network security · <https://kubeguard.dev/docs/blog/least-privilege/>',
    )
    expect(twinHeader({ ...post, tags: [] }, page, english)).toBe('# Least-privilege \\[RBAC\\] \\<script>\n\nBy Maya Chen · 2025-03-18 · <https://kubeguard.dev/docs/blog/least-privilege/>')
  })

  it.each([
    ['de', 'Von Maya Chen · 2025-03-18 · aktualisiert am 2025-04-02 · Schlagwörter: rbac, network security'],
    ['fr', 'Par Maya Chen · 2025-03-18 · mis à jour le 2025-04-02 · Mots-clés : rbac, network security'],
    ['es', 'Por Maya Chen · 2025-03-18 · actualizado el 2025-04-02 · Etiquetas: rbac, network security'],
    ['ja', '著者: Maya Chen · 2025-03-18 · 更新日: 2025-04-02 · タグ: rbac, network security'],
  ])('says the line in the words of the post\'s language, %s; the dates and names as written', (language, line) => {
    expect(twinHeader({ ...post, updated: '2025-04-02' }, page, uiStrings(language)).split('\n')[2]).toBe(`${line} · <${page}>`)
  })

  it("takes a site's own words over the catalog's, and escapes the author and tags, not the words", () => {
    const strings = uiStrings('de', { twinBy: 'Geschrieben von {author}' })
    expect(twinHeader({ ...post, author: 'Ana [Ruiz]', tags: ['<k8s>'] }, page, strings).split('\n')[2]).toBe(`Geschrieben von Ana \\[Ruiz\\] · 2025-03-18 · Schlagwörter: \\<k8s> · <${page}>`)
  })
})

describe('twinBody', () => {
  it('points each image at the URL its page shows it at, and a site path under the base; the rest as written', async () => {
    const body = [
      'Intro with [a relative link](../other/), [a section](#rollout) and [pricing](/pricing/).',
      '',
      '![The summary panel](./shot.png "Summary")',
      '',
      '<img src="./flow.svg" alt="Flow"> and <a href="/blog/x/">x</a> and ![remote](https://example.com/c.png)',
      '',
      '![public](/images/hero.png) ![svg in public](/images/flow.svg)',
      '',
      '```md',
      '![as code](./shot.png) [code](/pricing/)',
      '```',
      '',
      '## Rolling it out {#rollout}',
      '',
    ].join('\n')
    expect(await twinBody(body, '/docs/', imageUrl)).toBe(
      [
        'Intro with [a relative link](../other/), [a section](#rollout) and [pricing](/docs/pricing/).',
        '',
        '![The summary panel](/docs/assets/images/shot-1600.jpg "Summary")',
        '',
        '<img src="/docs/assets/images/flow-0123.svg" alt="Flow"> and <a href="/docs/blog/x/">x</a> and ![remote](https://example.com/c.png)',
        '',
        '![public](/docs/assets/images/hero-1600.jpg) ![svg in public](/docs/images/flow.svg)',
        '',
        '```md',
        '![as code](./shot.png) [code](/pricing/)',
        '```',
        '',
        '## Rolling it out {#rollout}',
        '',
      ].join('\n'),
    )
  })

  it('at the root, changes only images; a pasted image is the file made of it', async () => {
    const pasted = `data:image/png;base64,${Buffer.from('not really a png').toString('base64')}`
    const [image] = extractPastedImages(`![p](${pasted})`).images
    expect(await twinBody(`[pricing](/pricing/)\r\n\r\n![A pasted panel](${pasted})\r\n`, '/', imageUrl)).toBe(`[pricing](/pricing/)\n\n![A pasted panel](/assets/images/${image!.name})\n`)
  })

  it('reads a body without an image (or, under a base, a site path) as it is, without asking for any URL', async () => {
    asked.length = 0
    const body = 'Text with [a link](https://kubernetes.io/) and `code`.\n'
    expect(await twinBody(body, '/docs/', imageUrl)).toBe(body)
    expect(await twinBody('[pricing](/pricing/)\n', '/', imageUrl)).toBe('[pricing](/pricing/)\n')
    expect(asked).toEqual([])
  })
})

describe('renderMarkdownTwin', () => {
  it('the header, a blank line, then the body, ending with one line break; an empty body, the header alone', async () => {
    expect(await renderMarkdownTwin({ post, body: 'Body.', page, base: '/', imageUrl, strings: english })).toBe(
      '# Least-privilege \\[RBAC\\] \\<script>\n\nBy Maya Chen · 2025-03-18 · Tags: rbac, network security · <https://kubeguard.dev/docs/blog/least-privilege/>\n\nBody.\n',
    )
    expect(await renderMarkdownTwin({ post, body: '\n\n', page, base: '/', imageUrl, strings: english })).toBe(
      '# Least-privilege \\[RBAC\\] \\<script>\n\nBy Maya Chen · 2025-03-18 · Tags: rbac, network security · <https://kubeguard.dev/docs/blog/least-privilege/>\n',
    )
  })
})
