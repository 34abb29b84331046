import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Marked, type Token } from 'marked'
import { describe, expect, it } from 'vitest'
import { highlightCode } from './highlightCode.ts'
import { parseFrontmatter } from '../frontmatter/parseFrontmatter.ts'

describe('highlightCode', () => {
  it.each([
    ['yaml', 'yaml'],
    ['yml', 'yaml'],
    ['bash', 'bash'],
    ['sh', 'bash'],
    ['shell', 'bash'],
    ['console', 'shell'],
    ['json', 'json'],
    ['go', 'go'],
    ['dockerfile', 'dockerfile'],
    ['Dockerfile', 'dockerfile'],
    ['diff', 'diff'],
  ])('knows ```%s as %s', (info, language) => {
    expect(highlightCode('x: 1\n', info).language).toBe(language)
  })

  it('emits classes, not colours, so CSS themes light and dark', () => {
    const { html } = highlightCode('apiVersion: v1\nkind: Pod', 'yaml')
    expect(html).toBe('<span class="hljs-attr">apiVersion:</span> <span class="hljs-string">v1</span>\n<span class="hljs-attr">kind:</span> <span class="hljs-string">Pod</span>')
  })

  it('escapes code it does not know', () => {
    expect(highlightCode('<b>&', 'brainfuck')).toEqual({ html: '&lt;b&gt;&amp;' })
    expect(highlightCode('<b>&')).toEqual({ html: '&lt;b&gt;&amp;' })
  })

  it('tokenizes a block once', () => {
    const code = 'FROM alpine:3.20\nUSER 65532:65532\n'
    expect(highlightCode(code, 'dockerfile')).toBe(highlightCode(code, 'dockerfile'))
  })

  // What this adds to a build, on the real posts: about 0.6 ms a post, less than marked takes
  // to parse the same posts. Timed against marked in the same loop, so a busy machine slows both;
  // the bound catches a highlighter an order of magnitude heavier (shiki is about 10x).
  it('costs about what parsing the markdown costs, on the real posts', () => {
    const postsDir = fileURLToPath(new URL('../../../posts', import.meta.url))
    const bodies = readdirSync(postsDir)
      .filter((name) => name.endsWith('.md'))
      .map((name) => parseFrontmatter(readFileSync(`${postsDir}/${name}`, 'utf8')).body)
    const blocks = bodies.map(codeBlocks)
    expect(blocks.flat().length).toBeGreaterThan(10)
    const marked = new Marked({ gfm: true, async: false })
    let round = 0
    const time = (work: () => void) => {
      const started = performance.now()
      work()
      return performance.now() - started
    }
    const rounds = Array.from({ length: 8 }, () => {
      round++
      return {
        // A comment line per round makes every block new to the cache.
        highlight: time(() => {
          for (const post of blocks) for (const block of post) highlightCode(`${block.text}\n# ${round}`, block.lang)
        }),
        parse: time(() => {
          for (const body of bodies) marked.parse(`${body}\n\n${round}`)
        }),
      }
    }).slice(2)
    const best = (key: 'highlight' | 'parse') => Math.min(...rounds.map((result) => result[key]))
    expect(best('highlight')).toBeLessThan(3 * best('parse'))
  })
})

function codeBlocks(markdown: string): { lang: string; text: string }[] {
  const found: { lang: string; text: string }[] = []
  new Marked({ gfm: true }).walkTokens(new Marked({ gfm: true }).lexer(markdown), (token: Token) => {
    if (token.type === 'code') found.push({ lang: token.lang ?? '', text: token.text })
  })
  return found
}
