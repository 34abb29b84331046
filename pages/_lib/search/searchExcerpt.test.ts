import { describe, expect, it } from 'vitest'
import { excerptParts } from './searchExcerpt.ts'

describe('excerptParts', () => {
  it('splits an excerpt into runs of text, marked where Pagefind marked a match', () => {
    expect(excerptParts('Apply the <mark>network</mark> <mark>policy</mark> first')).toEqual([
      { text: 'Apply the ', marked: false },
      { text: 'network', marked: true },
      { text: ' ', marked: false },
      { text: 'policy', marked: true },
      { text: ' first', marked: false },
    ])
  })

  it('keeps what a post wrote as HTML as its characters: only the <mark> Pagefind adds is markup', () => {
    // Pagefind escapes < and > of the post's text before it marks the matches.
    const parts = excerptParts('&lt;script&gt;alert(1)&lt;/script&gt; <mark>rbac</mark> &lt;img src=x onerror=alert(1)&gt; &lt;mark&gt;x&lt;/mark&gt; &amp;')
    expect(parts).toEqual([
      { text: '<script>alert(1)</script> ', marked: false },
      { text: 'rbac', marked: true },
      { text: ' <img src=x onerror=alert(1)> <mark>x</mark> &amp;', marked: false },
    ])
  })

  it('joins matches side by side into one run', () => {
    expect(excerptParts('<mark>pod</mark><mark>security</mark>')).toEqual([{ text: 'podsecurity', marked: true }])
    expect(excerptParts('')).toEqual([])
  })
})
