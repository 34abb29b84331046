import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatError } from '../../reportError.ts'
import { MAX_POST_BYTES } from '../markdown/markdownLimits.ts'
import { firstInvalidUtf8, readPostFile } from './readPostFile.ts'

let root: string
let posts: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kube-site-read-'))
  posts = join(root, 'posts')
  mkdirSync(posts)
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const post = '---\ntitle: "Café"\n---\nBody\n'
const write = (name: string, bytes: string | Buffer) => writeFileSync(join(posts, name), bytes)
const read = (name: string) => readPostFile(posts, name, `posts/${name}`)
const problemOf = (name: string) => {
  const result = read(name)
  if (!('problem' in result)) throw new Error(`${name} was read`)
  return result.problem
}

describe('readPostFile', () => {
  it('reads a UTF-8 post as it is', () => {
    write('a.md', post)
    const { size, mtimeMs } = statSync(join(posts, 'a.md'))
    expect(read('a.md')).toEqual({ source: post, stat: [size, mtimeMs] })
  })

  it('drops a UTF-8 byte-order mark: the text is the same as without it', () => {
    write('bom.md', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(post)]))
    expect(read('bom.md')).toMatchObject({ source: post })
  })

  it('refuses Latin-1 with the line and column of the first invalid byte, a frame and a hint', () => {
    write('latin.md', Buffer.from('---\ntitle: "Caf\xe9"\n---\n', 'latin1'))
    const problem = problemOf('latin.md')
    expect(problem.location).toEqual({ file: 'posts/latin.md', line: 2, column: 12 })
    expect(problem.message).toBe('is not valid UTF-8: byte 0xE9 at line 2')
    expect(problem.hint).toMatch(/^Save the file as UTF-8/)
    expect(formatError(problem)).toContain('> 2 | title: "Caf\uFFFD"')
  })

  it('finds the first invalid byte after valid multi-byte characters', () => {
    write('late.md', Buffer.concat([Buffer.from('---\n€ é 日本\n'), Buffer.from([0x41, 0xc3, 0x28])]))
    expect(problemOf('late.md').location).toEqual({ file: 'posts/late.md', line: 3, column: 2 })
  })

  it.each([
    ['a lone continuation byte', [0x80], 0],
    ['an overlong slash', [0x41, 0xc0, 0xaf], 1],
    ['a surrogate', [0xed, 0xa0, 0x80], 0],
    ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['a truncated sequence', [0x41, 0x42, 0xe2, 0x82], 2],
  ])('firstInvalidUtf8: %s', (_, bytes, at) => expect(firstInvalidUtf8(Uint8Array.from(bytes))).toBe(at))

  it('names UTF-16 as such', () => {
    write('utf16.md', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(post, 'utf16le')]))
    expect(problemOf('utf16.md').message).toBe('is saved as UTF-16: posts must be UTF-8')
  })

  it('refuses a NUL byte (a binary file), an empty file and a file past the size limit', () => {
    write('binary.md', Buffer.from('---\n\0\n'))
    write('empty.md', '')
    write('only-bom.md', Buffer.from([0xef, 0xbb, 0xbf]))
    write('huge.md', Buffer.alloc(MAX_POST_BYTES + 1, 'a'))
    expect([problemOf('binary.md').message, problemOf('binary.md').location?.line]).toEqual(['holds a NUL byte (U+0000): it is not a text file', 2])
    expect(problemOf('empty.md').message).toBe('is empty')
    expect(problemOf('only-bom.md').message).toBe('is empty')
    expect(problemOf('huge.md').message).toBe('is 32.0 MiB: larger than the 32 MiB a post may be')
  })

  it('refuses a folder named like a post, a named pipe, and a name that is not UTF-8', () => {
    mkdirSync(join(posts, 'folder.md'))
    execFileSync('mkfifo', [join(posts, 'pipe.md')])
    expect(problemOf('folder.md').message).toBe('is a folder, not a post file')
    expect(problemOf('pipe.md').message).toBe('is a named pipe, not a post file')
    expect(problemOf('caf\uFFFD.md').message).toBe('its file name is not valid UTF-8')
  })

  it('never follows a symbolic link out of the posts folder', () => {
    writeFileSync(join(root, 'secret.txt'), post)
    symlinkSync(join(root, 'secret.txt'), join(posts, 'leak.md'))
    symlinkSync('../secret.txt', join(posts, 'relative-leak.md'))
    symlinkSync('/etc/passwd', join(posts, 'passwd.md'))
    for (const name of ['leak.md', 'relative-leak.md', 'passwd.md']) {
      const problem = problemOf(name)
      expect(problem.message, name).toMatch(/^is a symbolic link to \/.+, outside the posts folder: it is not published$/)
      expect(problem.location).toEqual({ file: `posts/${name}` })
    }
  })

  it('follows a link to a post inside the folder, and names dangling links, loops and links to folders', () => {
    write('real.md', post)
    symlinkSync('real.md', join(posts, 'alias.md'))
    symlinkSync('missing.md', join(posts, 'dangling.md'))
    symlinkSync('loop.md', join(posts, 'loop.md'))
    mkdirSync(join(posts, 'sub'))
    symlinkSync('sub', join(posts, 'dir-link.md'))
    expect(read('alias.md')).toMatchObject({ source: post })
    expect(problemOf('dangling.md').message).toBe('is a symbolic link to a file that does not exist')
    expect(problemOf('loop.md').message).toBe('is a symbolic link that points back to itself (a loop)')
    expect(problemOf('dir-link.md').message).toBe('is a folder, not a post file')
  })

  it('names a file that went away between listing and reading', () => {
    expect(problemOf('gone.md').message).toBe('was removed while the posts were being read')
  })
})
