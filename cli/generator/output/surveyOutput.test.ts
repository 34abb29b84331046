import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compiledEntries } from '../../../tests/support/compiledEntries.ts'
import { keptPages } from '../../../tests/support/keptPages.ts'
import { readPreviousOutput, writeManifest } from '../../incremental/pages/pagePlan.ts'
import { surveyOutput } from './surveyOutput.ts'

// The survey thread as cli/bin.js compiles it.
const compiled = compiledEntries('kube-site-survey-test')

/** An output of three pages, recorded in its manifest as a build records it. */
function builtOutput(): { outDir: string; hashes: Map<string, string> } {
  const outDir = join(compiled.dir(), `dist-${Math.random().toString(36).slice(2)}`)
  const page = (path: string, text: string) => {
    mkdirSync(join(outDir, path), { recursive: true })
    writeFileSync(join(outDir, path, 'index.html'), text)
  }
  page('', '<p>home</p>')
  page('blog/a', '<p>a</p>')
  page('blog/b', '<p>b</p>')
  mkdirSync(join(outDir, 'assets'))
  writeFileSync(join(outDir, 'assets', 'app.1a2b.js'), 'run()')
  const hashes = new Map([
    ['/', 'home'],
    ['/blog/a/', 'a'],
    ['/blog/b/', 'b'],
  ])
  const written = new Map([...hashes.keys()].map((url) => [`${url.slice(1)}index.html`, { stylesheets: [] }]))
  writeManifest({ hashes, memo: { inputs: 'inputs', data: new Map() } }, outDir, new Map(), written)
  return { outDir, hashes }
}

describe.each([
  ['in a thread of its own', () => compiled.entry('surveyOutput')],
  ['in the calling thread', () => ''],
])('surveyOutput %s', (_, file) => {
  it('lists every file of the output, and the recorded ones as they are now', async () => {
    const { outDir, hashes } = builtOutput()
    // Edited since the build (another size), and a file put there by hand.
    writeFileSync(join(outDir, 'blog', 'b', 'index.html'), '<p>b, edited</p>')
    writeFileSync(join(outDir, 'blog', 'notes.txt'), 'by hand')
    const survey = await surveyOutput(outDir, file())
    expect((await survey.files).sort()).toEqual([join('assets', 'app.1a2b.js'), join('blog', 'a', 'index.html'), join('blog', 'b', 'index.html'), join('blog', 'notes.txt'), 'index.html'])
    expect(keptPages(hashes, survey.previous).urls).toEqual(['/', '/blog/a/'])
  })

  it('finds nothing to take over in an output never built, or gone', async () => {
    const survey = await surveyOutput(join(compiled.dir(), 'no-such-dist'), file())
    await expect(survey.files).resolves.toEqual([])
    expect(keptPages(new Map([['/', 'home']]), survey.previous).urls).toEqual([])
  })

  it('takes over nothing whose file was removed', async () => {
    const { outDir, hashes } = builtOutput()
    rmSync(join(outDir, 'blog', 'a', 'index.html'))
    expect(keptPages(hashes, (await surveyOutput(outDir, file())).previous).urls).toEqual(['/', '/blog/b/'])
  })
})

describe('readPreviousOutput with the new hashes', () => {
  it('checks only the files of pages whose hash is unchanged, and takes over the same pages', () => {
    const { outDir, hashes } = builtOutput()
    const changed = new Map([...hashes, ['/blog/a/', 'a, edited']])
    const previous = readPreviousOutput(outDir, changed)
    expect([...previous.intact].sort()).toEqual(['/', '/blog/b/'])
    expect(keptPages(changed, previous).urls).toEqual(['/', '/blog/b/'])
  })
})
