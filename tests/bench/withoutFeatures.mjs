// Takes features out of a copy of kube-site, for vikeFloor.sh's FEATURES=1 (issue 74: what the time over the floor buys).
//   node tests/bench/withoutFeatures.mjs COPY FEATURE...
// Each feature goes by one edit of the copy's source that must match exactly once, so that a change to that source
// fails here, naming the file, instead of measuring a copy that still has the feature. The compiled CLI's cache sees
// the edited source and compiles it again on the copy's first build.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** Each feature: the file, the text found once, and what it becomes. */
const features = {
  // The German copy of the site: its home, pricing, legal and blog pages, its feeds and its search index.
  language: ['site.config.ts', "  locales: [{ code: 'de', copy: german }],\n", ''],
  // The search stage: Pagefind's index of every locale's posts (its process, its shards, its lists).
  search: ['cli/generator/stages/startSearch.ts', '): SearchStage {\n', '): SearchStage {\n  return { index: Promise.resolve([]) }\n'],
  // The social cards: one PNG for each page and each post without a cover, drawn by resvg in their threads.
  cards: [
    'cli/generator/stages/startCards.ts',
    '): CardsStage {\n',
    '): CardsStage {\n  return { jobs: Promise.resolve([]), rendered: Promise.resolve({ rendered: 0, cached: 0, renderMs: 0, setupMs: 0, threads: 0, checkMs: 0, missing: [] }) }\n',
  ],
  // Each page's security: its policy put in, the check of its parsed tokens against it, its subresources' integrity.
  security: ['cli/security/securePage.ts', '    secure(filePath, html) {\n', '    secure(filePath, html) {\n      return { html, stylesheets: [] }\n'],
}

const [copy, ...names] = process.argv.slice(2)
if (!copy || names.length === 0) throw new Error('usage: node tests/bench/withoutFeatures.mjs COPY FEATURE...')
for (const name of names) {
  const edit = features[name]
  if (!edit) throw new Error(`no feature "${name}"; the features: ${Object.keys(features).join(', ')}`)
  const [file, from, to] = edit
  const path = join(copy, file)
  const text = readFileSync(path, 'utf8')
  if (text.split(from).length !== 2) throw new Error(`${file}: the edit that takes out "${name}" does not match exactly once; update withoutFeatures.mjs`)
  writeFileSync(path, text.replace(from, to))
}
