// node tests/bench/highlightCost.mjs: what highlighting the code blocks of the shipped posts costs
// against what marked takes to parse the same posts, timed in the same loop (a busy machine slows
// both), best of six rounds after two of warm-up. Shipped at about 0.6 ms a post, under the parse;
// a highlighter an order of magnitude heavier (shiki is about 10x) shows as a ratio far above 1.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Marked } from 'marked'
import { highlightCode } from '../../cli/content/markdown/highlightCode.ts'
import { parseFrontmatter } from '../../cli/content/frontmatter/parseFrontmatter.ts'

const postsDir = fileURLToPath(new URL('../../posts', import.meta.url))
const bodies = readdirSync(postsDir)
  .filter((name) => name.endsWith('.md'))
  .map((name) => parseFrontmatter(readFileSync(`${postsDir}/${name}`, 'utf8')).body)
const marked = new Marked({ gfm: true, async: false })
const blocks = bodies.map((markdown) => {
  const found = []
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === 'code') found.push({ lang: token.lang ?? '', text: token.text })
  })
  return found
})
const time = (work) => {
  const started = performance.now()
  work()
  return performance.now() - started
}
const rounds = Array.from({ length: 8 }, (_, round) => ({
  // A comment line per round makes every block new to the highlighter's cache.
  highlight: time(() => {
    for (const post of blocks) for (const block of post) highlightCode(`${block.text}\n# ${round}`, block.lang)
  }),
  parse: time(() => {
    for (const body of bodies) marked.parse(`${body}\n\n${round}`)
  }),
})).slice(2)
const best = (key) => Math.min(...rounds.map((result) => result[key]))
console.log(`${bodies.length} posts, ${blocks.flat().length} code blocks: highlight ${best('highlight').toFixed(2)} ms, parse ${best('parse').toFixed(2)} ms, ratio ${(best('highlight') / best('parse')).toFixed(2)}`)
