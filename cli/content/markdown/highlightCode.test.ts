import { describe, expect, it } from 'vitest'
import { highlightCode } from './highlightCode.ts'

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
})
