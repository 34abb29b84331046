// The size of the source (issue 73: at most 30,000 lines): cli/, pages/, styles/ and
// site.config.ts, their .ts, .tsx, .js, .mjs and .scss files, tests, fixtures and .d.ts aside;
// data kept in .json or .yaml files beside the code counts too. Prints the lines of each top
// folder, raw and code only (lines holding something other than a comment or blank), and totals.
//   node tests/bench/countSourceLines.mjs [commit]   (the work tree without a commit)
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const ROOTS = ['cli', 'pages', 'styles', 'site.config.ts']
const SOURCE = /\.(tsx?|m?js|scss|json|ya?ml)$/
const LEFT_OUT = /(\.test\.[cm]?[jt]sx?$|\.d\.ts$|(^|\/)__fixtures__\/)/

const commit = process.argv[2]
const git = (...args) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
const files = (commit ? git('ls-tree', '-r', '--name-only', commit, '--', ...ROOTS) : git('ls-files', '--', ...ROOTS))
  .split('\n')
  .filter((path) => SOURCE.test(path) && !LEFT_OUT.test(path))
const read = (path) => (commit ? git('show', `${commit}:${path}`) : readFileSync(path, 'utf8'))

/** Lines of `text`, and those that hold code: blank lines and lines inside or after a comment alone left out. */
function count(text) {
  let code = 0
  let inBlock = false
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  for (const raw of lines) {
    let line = raw.trim()
    if (inBlock) {
      const end = line.indexOf('*/')
      if (end === -1) continue
      inBlock = false
      line = line.slice(end + 2).trim()
    }
    while (line.startsWith('/*')) {
      const end = line.indexOf('*/', 2)
      if (end === -1) {
        inBlock = true
        line = ''
        break
      }
      line = line.slice(end + 2).trim()
    }
    if (line && !line.startsWith('//')) code++
  }
  return { lines: lines.length, code }
}

const totals = new Map()
for (const path of files) {
  const top = path.includes('/') ? path.split('/')[0] : path
  const { lines, code } = count(read(path))
  const sum = totals.get(top) ?? { files: 0, lines: 0, code: 0 }
  totals.set(top, { files: sum.files + 1, lines: sum.lines + lines, code: sum.code + code })
}
let all = { files: 0, lines: 0, code: 0 }
console.log(`source of ${commit ?? 'the work tree'}: files, lines, code lines`)
for (const top of ROOTS) {
  const { files, lines, code } = totals.get(top) ?? { files: 0, lines: 0, code: 0 }
  all = { files: all.files + files, lines: all.lines + lines, code: all.code + code }
  console.log(`${top.padEnd(16)}${String(files).padStart(6)}${String(lines).padStart(9)}${String(code).padStart(9)}`)
}
console.log(`${'total'.padEnd(16)}${String(all.files).padStart(6)}${String(all.lines).padStart(9)}${String(all.code).padStart(9)}`)
