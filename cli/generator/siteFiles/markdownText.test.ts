import { describe, expect, it } from 'vitest'
import { markdownHeading, markdownText } from './markdownText.ts'

describe('markdownText', () => {
  it.each([
    ['Least-privilege network policies', 'Least-privilege network policies'],
    ['RBAC [part 1]', 'RBAC \\[part 1\\]'],
    ['a]\n(b)', 'a\\] (b)'],
    ['<script>alert("x")</script>', '\\<script>alert("x")\\</script>'],
    [`"Quoted" and 'single'`, `"Quoted" and 'single'`],
    ['C:\\temp', 'C:\\\\temp'],
    ['  two\r\n\r\nparagraphs\t ', 'two paragraphs'],
    ['*emphasis* and `code` stay', '*emphasis* and `code` stay'],
  ])('%j → %j', (text, shown) => {
    expect(markdownText(text)).toBe(shown)
  })
})

describe('markdownHeading', () => {
  it.each([
    ['KubeGuard', '# KubeGuard'],
    ['C# for operators', '# C# for operators'],
    ['Ranked #', '# Ranked \\#'],
    ['Two ##', '# Two \\##'],
    ['A [link](x)\nbroken', '# A \\[link\\](x) broken'],
  ])('%j → %j', (text, heading) => {
    expect(markdownHeading(text)).toBe(heading)
  })
})
