// The lines of the incremental machinery (issue 60 asks for fewer): the files counted since the
// sixth session, tests left out. Prints each file's raw lines and its code lines (lines that hold
// a token other than a comment: blank and comment-only lines left out), and both totals.
//   node tests/bench/countIncrementalLines.mjs [commit]   (the work tree without a commit)
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { parseSync, Visitor } from 'rolldown/utils'

const FILES = [
  'cli/incremental/explainCaches.ts',
  'cli/incremental/fingerprint.ts',
  'cli/incremental/planBuild.ts',
  'cli/incremental/pages/pagePlan.ts',
  'cli/generator/output/surveyOutput.ts',
  'cli/generator/output/surveyOutputWorker.ts',
  'cli/generator/prerender/replaceBodies.ts',
  'cli/generator/prerender/insertPostBody.ts',
  'cli/incremental/bundle/bundleCache.ts',
  'cli/incremental/siteFiles/siteFileRecord.ts',
  'cli/generator/output/outputDir.ts',
  'cli/generator/stages/prerender.ts',
  'cli/generator/stages/swapOutput.ts',
  'cli/incremental/posts/postCache.ts',
  'cli/incremental/images/imageStore.ts',
  'cli/incremental/search/searchShards.ts',
  'cli/incremental/svg/svgVerdicts.ts',
]

const commit = process.argv[2]
const read = (file) =>
  commit ? execFileSync('git', ['show', `${commit}:${file}`], { encoding: 'utf8' }) : readFileSync(file, 'utf8')

/** How many lines of `text` hold code: a token of the syntax tree, not only a comment (oxc's parser, rolldown's). */
function codeLines(file, text) {
  const { program, comments } = parseSync(file, text)
  // The text with its comments blanked, their line breaks kept: a line that still holds more than white space holds a token.
  let code = text
  for (const { start, end } of comments) code = code.slice(0, start) + code.slice(start, end).replace(/[^\n]/g, ' ') + code.slice(end)
  const lineAt = (offset) => code.slice(0, offset).split('\n').length - 1
  const lines = new Set(code.split('\n').flatMap((line, at) => (line.trim() ? [at] : [])))
  // A template literal is one token: its blank lines are code too.
  new Visitor({
    TemplateLiteral(node) {
      for (let line = lineAt(node.start); line <= lineAt(node.end); line++) lines.add(line)
    },
  }).visit(program)
  return lines.size
}

let raw = 0
let code = 0
for (const file of FILES) {
  const text = read(file)
  const fileRaw = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
  const fileCode = codeLines(file, text)
  raw += fileRaw
  code += fileCode
  console.log(`${String(fileRaw).padStart(5)} ${String(fileCode).padStart(5)}  ${file}`)
}
console.log(`${String(raw).padStart(5)} ${String(code).padStart(5)}  total (raw, code)`)
