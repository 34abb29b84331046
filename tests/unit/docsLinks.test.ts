import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../support/buildSite.ts'

// The project's documents: README.md, and every markdown file beside the code and the tests.
function documents(): string[] {
  const found = [join(repoRoot, 'README.md')]
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!['node_modules', '__fixtures__', '.tmp'].includes(entry.name)) walk(path)
      } else if (entry.name.endsWith('.md') && !(dir.endsWith(join('cli', 'legal')))) found.push(path)
    }
  }
  walk(join(repoRoot, 'cli'))
  walk(join(repoRoot, 'tests'))
  return found
}

/** GitHub's anchor of a heading: lower case, punctuation out, spaces to dashes. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')

/** A document's text without its fenced code blocks (an example there is not a link). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '')

function anchorsIn(file: string): Set<string> {
  const headings = [...prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => anchorOf(heading!.replace(/`/g, '')))
  return new Set(headings)
}

describe('the documents', () => {
  it('README.md reads in ten minutes: 300 lines at most', () => {
    expect(readFileSync(join(repoRoot, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(300)
  })

  it('every relative link leads to a file there, and every #anchor to a heading', () => {
    const broken: string[] = []
    for (const file of documents()) {
      for (const [, target] of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:)/.test(target!)) continue
        const [path, anchor] = target!.split('#') as [string, string | undefined]
        const linked = path ? resolve(dirname(file), path) : file
        const where = `${relative(repoRoot, file)} → ${target}`
        if (path.startsWith('/')) continue // a path on the site, in an example
        if (!existsSync(linked)) broken.push(`${where}: no such file`)
        else if (anchor && linked.endsWith('.md') && statSync(linked).isFile() && !anchorsIn(linked).has(anchor)) broken.push(`${where}: no such heading`)
      }
    }
    expect(broken).toEqual([])
  })
})
