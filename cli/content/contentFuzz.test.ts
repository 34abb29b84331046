// Property-based tests of the content layer: generated frontmatter, markdown, bytes and file
// names. Whatever a writer (or a hostile pull request) puts in posts/, each post is either a
// valid post or problems naming its file, never an exception, and no message carries a stack.
// The runs are bounded (a fixed number of cases, small inputs) so the suite stays fast; a failure
// prints its seed and the shrunk case to replay.
import fc from 'fast-check'
import yaml from 'js-yaml'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KubeSiteError } from '../errors.ts'
import { formatError } from '../reportError.ts'
import { refusedCharacterInHtml } from './posts/controlCharacters.ts'
import { loadPost, loadPosts, renderBodies, summarizePostFiles, type LoadResult } from './posts/loadPosts.ts'
import { createMarkdownRenderer } from './markdown/renderMarkdown.ts'

const render = createMarkdownRenderer()
// FUZZ_RUNS=2000 runs a longer search, by hand.
const RUNS = Number(process.env.FUZZ_RUNS ?? 100)

let root: string
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'kube-site-fuzz-'))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A post, or problems that each name `shown` and print without a stack trace. */
function expectPostOrProblems(result: LoadResult | undefined, shown: string): void {
  expect(result).toBeDefined()
  if ('post' in result!) {
    expect(typeof result.post.html).toBe('string')
    expect(result.post.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    return
  }
  expect(result!.problems.length).toBeGreaterThan(0)
  for (const problem of result!.problems) {
    expect(problem).toBeInstanceOf(KubeSiteError)
    expect(problem.location?.file).toBe(shown)
    expect(problem.hint).toBeTruthy()
    expect(formatError(problem)).not.toMatch(/\n\s+at /)
  }
}

const validFrontmatter = { title: 'T', excerpt: 'E', author: 'A', date: '2025-01-05', tags: ['k8s'] }

// Pieces writers (and attackers) put in markdown, joined at random, and runs of one piece.
const markdownPiece = fc.oneof(
  fc.constantFrom('#', '## ', '>', '> ', '- ', '* ', '1. ', '*', '**', '_', '~~', '`', '```', '```js\n', '[', ']', '(', ')', '![', '](', '<', '>', '<div>', '</div>',
    '<script>alert(1)</script>', '<a href="javascript:alert(1)">', '<img src=x onerror=alert(1)>', '|', '| a | b |\n|---|---|\n', '---', '===', '\n', '\n\n', '  ', '    ', '\t',
    'text', 'word ', '&amp;', '&#0;', '\\', 'é', '日本', '😀', '\r\n', '\u2028', '[x]: /u', '- [ ] ', '- [x] ', 'https://example.com', 'www.a.b', 'a@b.c', '\u0001', '\uFEFF',
    // The post's own syntax: callouts, heading ids, fence options, in good and bad forms.
    '> [!NOTE]\n', '> [!WARNING]\n> ', '> [!NOPE]\n', '[!TIP]', ' {#id}', ' {#id}\n', ' {#a b}', '{#', '```yaml title="a" {1}\n', '```js {2-1}\n', '```go title="x\n', ' {1-', 'title=\''),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.tuple(fc.constantFrom('>', '> ', '- ', '*', '_', '~~', '[', '![', '  ', '`', '<', '*a _', '1. '), fc.integer({ min: 1, max: 1500 })).map(([piece, count]) => piece.repeat(count)),
)
const markdown = fc.array(markdownPiece, { maxLength: 40 }).map((pieces) => pieces.join(''))

const yamlValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('2025-01-05', '2025-13-45', '2025-02-30', '0000-00-00', '99999-01-01', 'yesterday', '', '   '),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
)
const frontmatterKey = fc.oneof(fc.constantFrom('title', 'excerpt', 'author', 'date', 'updated', 'tags', 'readTime', 'image', 'lightImage', 'darkImage', 'slug', 'draft'), fc.string({ maxLength: 12 }))
// Structured frontmatter (valid keys with any values), then raw text that is rarely valid YAML.
const structured = fc
  .tuple(fc.boolean(), fc.dictionary(frontmatterKey, yamlValue, { maxKeys: 6 }))
  .map(([startValid, data]) => yaml.safeDump(startValid ? { ...validFrontmatter, ...data } : data, { skipInvalid: true }))
const raw = fc.array(fc.oneof(fc.constantFrom('title: "T"', 'title: [', 'a: b: c', '- x', '  ', ':', '"', "'", '{', '&a x', '*a', '!!js/function x', '? x', '|', '[[[[[[[[[[', 'title: *x'), fc.string({ unit: 'binary', maxLength: 20 })), { maxLength: 8 }).map((lines) => lines.join('\n'))
const source = fc
  .tuple(fc.constantFrom('---\n', '---\r\n', '---js\n', '', '\uFEFF---\n', '--- \n'), fc.oneof(structured, raw), fc.constantFrom('---\n', '---\r\n', '', '...\n', '--- x\n'), markdown)
  .map(([open, frontmatter, close, body]) => `${open}${frontmatter}${frontmatter.endsWith('\n') ? '' : '\n'}${close}${body}`)

describe('the content layer under generated input', () => {
  it('any frontmatter and markdown: a post or problems naming the file, never an exception', () => {
    fc.assert(
      fc.property(source, (text) => expectPostOrProblems(loadPost(text, 'fuzz.md', 'posts/fuzz.md', render), 'posts/fuzz.md')),
      { numRuns: RUNS },
    )
  })

  it('a valid frontmatter over any markdown renders, or is refused by a limit or a syntax error', () => {
    const head = `---\n${yaml.safeDump(validFrontmatter)}---\n`
    fc.assert(
      fc.property(markdown, (body) => {
        const result = loadPost(head + body, 'fuzz.md', 'posts/fuzz.md', render)
        expectPostOrProblems(result, 'posts/fuzz.md')
        // Code shows such text escaped; as markup it never survives.
        if ('post' in result) expect(result.post.html).not.toMatch(/<script|<[^>]*\son\w+=|<[^>]*(href|src)="\s*javascript:/i)
        // Nor a control character, raw or through a reference (controlCharacters.ts).
        if ('post' in result) expect(refusedCharacterInHtml(result.post.html)).toBeUndefined()
        // Past a limit, the post's own syntax written wrong (callouts, heading ids, fence options), or a character no post may hold.
        else for (const problem of result.problems) expect(problem.message).toMatch(/nested more than|characters long|is not a callout type|heading id|headings set the id|in the code block's options|^holds |^the character reference /)
      }),
      { numRuns: RUNS },
    )
  })

  it('any bytes in a post file: a post or problems naming the file', () => {
    const dir = join(root, 'bytes')
    mkdirSync(dir)
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.tuple(source, fc.uint8Array({ maxLength: 4 }), fc.nat()).map(([text, noise, at]) => {
        const encoded = Buffer.from(text)
        const cut = encoded.length ? at % encoded.length : 0
        return Buffer.concat([encoded.subarray(0, cut), noise, encoded.subarray(cut)])
      }),
    )
    fc.assert(
      fc.property(bytes, (content) => {
        writeFileSync(join(dir, 'fuzz.md'), content)
        // As a build loads it: read and summarized, then its body rendered.
        const { outcomes, toRender } = summarizePostFiles({ dir, names: ['fuzz.md'], cwd: root, known: new Set() })
        expectPostOrProblems(outcomes[0]?.result, join('bytes', 'fuzz.md'))
        for (const [, body] of renderBodies(toRender, render)) if ('problems' in body) expectPostOrProblems(body, join('bytes', 'fuzz.md'))
      }),
      { numRuns: RUNS },
    )
  })

  it('any file name: the folder loads, or fails with problems that each name a post file', async () => {
    const name = fc
      .string({ unit: 'binary', minLength: 1, maxLength: 40 })
      .filter((base) => !/[/\0]/.test(base) && Buffer.byteLength(`${base}.md`) < 255)
      .map((base) => `${base}.md`)
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(name, { minLength: 1, maxLength: 4 }), async (names) => {
        const dir = join(root, `names-${run++}`)
        mkdirSync(dir)
        for (const file of names) writeFileSync(join(dir, file), `---\n${yaml.safeDump(validFrontmatter)}---\nBody\n`)
        try {
          const posts = await loadPosts(dir, { cwd: dir, today: '2026-01-01' })
          for (const post of posts) expect(post.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
        } catch (error) {
          expect(error).toBeInstanceOf(KubeSiteError)
          for (const problem of (error as KubeSiteError).problems) {
            expect(names.some((file) => problem.location?.file === file)).toBe(true)
            expect(formatError(problem)).not.toMatch(/\n\s+at /)
          }
        }
      }),
      { numRuns: 60 },
    )
  })
})
