import { isUtf8 } from 'node:buffer'
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync, type Stats } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { KubeSiteError } from '../../errors.ts'
import { codeFrame } from '../codeFrame.ts'
import { findRefusedCharacter, refusedCharacterHint, visibleFrame, visibleText } from './controlCharacters.ts'
import { MAX_POST_BYTES } from '../markdown/markdownLimits.ts'
import { positionOf } from '../textPosition.ts'

// Every check a post file passes before parsing: a regular file in the posts folder, readable, sized, UTF-8 (BOM dropped), no refused character: one open, fstat, read.

/** A post file's text and its size and modification time as read, or why it cannot be a post (the file named). */
export type PostFileRead = { source: string; stat: FileStat } | { problem: KubeSiteError }

/** A file's size and modification time, which a rebuild compares to tell it is unchanged (see postCache.ts). */
export type FileStat = [size: number, mtimeMs: number]

const UTF8_BOM = [0xef, 0xbb, 0xbf]
// O_NOFOLLOW: a symbolic link is refused at open, so only links pay for a realpath. O_NONBLOCK: opening a named pipe must not wait for a writer.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

/** Reads post `name` of `dir`; `shown` is its path in messages. Never throws for the file's sake. */
export function readPostFile(dir: string, name: string, shown: string): PostFileRead {
  const path = join(dir, name)
  const problem = (message: string, hint: string, where: { line?: number; column?: number; frame?: string } = {}) => ({
    problem: new KubeSiteError('POST_INVALID', message, { location: { file: shown, line: where.line, column: where.column }, frame: where.frame, hint }),
  })
  if (name.includes('\uFFFD')) return problem('its file name is not valid UTF-8', 'Rename the file using UTF-8 characters (the name gives the post its URL).')
  let fd: number
  try {
    fd = openSync(path, OPEN_FLAGS)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    // ELOOP: the name is a symbolic link (O_NOFOLLOW); EMLINK on some BSDs.
    if (code === 'ELOOP' || code === 'EMLINK') return readLinkedPost(dir, path, shown, problem)
    return problem(...fileSystemProblem(code, error))
  }
  try {
    const stats = fstatSync(fd)
    if (!stats.isFile()) return problem(...notAFile(stats))
    const decoded = decodePost(readAll(fd, stats.size), shown, problem)
    return 'problem' in decoded ? decoded : { source: decoded.source, stat: [stats.size, stats.mtimeMs] }
  } catch (error) {
    return problem(...fileSystemProblem((error as NodeJS.ErrnoException).code, error))
  } finally {
    closeSync(fd)
  }
}

type Problem = (message: string, hint: string, where?: { line?: number; column?: number; frame?: string }) => { problem: KubeSiteError }

/** A post that is a symbolic link: allowed only when its real path is a regular file inside the posts folder. */
function readLinkedPost(dir: string, path: string, shown: string, problem: Problem): PostFileRead {
  let target: string
  try {
    target = realpathSync(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return problem('is a symbolic link to a file that does not exist', 'Remove the link, or replace it by the post itself.')
    if (code === 'ELOOP') return problem('is a symbolic link that points back to itself (a loop)', 'Remove the link, or replace it by the post itself.')
    return problem(...fileSystemProblem(code, error))
  }
  const folder = realpathSync(dir)
  if (!target.startsWith(folder + sep)) {
    return problem(
      `is a symbolic link to ${target}, outside the posts folder: it is not published`,
      'A post must be a file inside the posts folder: copy the text into it instead of linking (a link could publish any file of the machine that builds).',
    )
  }
  const stats = statSync(target)
  if (!stats.isFile()) return problem(...notAFile(stats))
  // Inside the folder, the target is a post file like any other; it is read as one.
  return readPostFile(folder, relative(folder, target), shown)
}

function readAll(fd: number, size: number): Buffer {
  if (size > MAX_POST_BYTES) throw Object.assign(new Error('too large'), { code: 'KUBE_SITE_TOO_LARGE', size })
  const buffer = Buffer.allocUnsafe(size)
  let read = 0
  while (read < size) {
    const count = readSync(fd, buffer, read, size - read, read)
    if (count === 0) break
    read += count
  }
  return read === size ? buffer : buffer.subarray(0, read)
}

/** The text of a post's bytes: UTF-8, its byte-order mark dropped, without a character no post may hold. */
function decodePost(bytes: Buffer, shown: string, problem: Problem): { source: string } | { problem: KubeSiteError } {
  const start = bytes.length >= 3 && UTF8_BOM.every((byte, index) => bytes[index] === byte) ? 3 : 0
  const body = bytes.subarray(start)
  if (body.length === 0) return problem('is empty', 'Start the post with its frontmatter (title, excerpt, author, date, tags), or delete the file. `kube-site new "Title"` writes one.')
  if ((body[0] === 0xff && body[1] === 0xfe) || (body[0] === 0xfe && body[1] === 0xff)) {
    return problem('is saved as UTF-16: posts must be UTF-8', 'Save the file as UTF-8 (in most editors: Save with Encoding, then UTF-8).', { line: 1, column: 1 })
  }
  if (!isUtf8(body)) {
    const at = firstInvalidUtf8(body)
    const { line, column, text } = positionOfByte(body, at)
    return problem(`is not valid UTF-8: byte 0x${body[at]!.toString(16).toUpperCase().padStart(2, '0')} at line ${line}`, 'Save the file as UTF-8 (it looks saved as Latin-1 or Windows-1252; in most editors: Save with Encoding, then UTF-8).', {
      line,
      column,
      frame: codeFrame(visibleText(text), line, column),
    })
  }
  const source = body.toString('utf8')
  // A NUL, an ESC, a lone carriage return…: invisible in an editor, written raw into the pages (see controlCharacters.ts).
  const refused = findRefusedCharacter(source)
  if (refused) {
    const { line, column } = positionOf(source, refused.offset)
    if (refused.codePoint === 0) return problem('holds a NUL byte (U+0000): it is not a text file', 'A post is a markdown text file saved as UTF-8: check that this is the file you meant.', { line, column })
    return problem(`holds ${refused.name}`, refusedCharacterHint(refused.codePoint), { line, column, frame: visibleFrame(source, line, column) })
  }
  return { source }
}

/** Line and column (in characters) of a byte offset, with the text up to the end of that line for a code frame. */
function positionOfByte(bytes: Buffer, offset: number): { line: number; column: number; text: string } {
  let line = 1
  let lineStart = 0
  for (let index = bytes.indexOf(0x0a); index !== -1 && index < offset; index = bytes.indexOf(0x0a, index + 1)) {
    line++
    lineStart = index + 1
  }
  const lineEnd = bytes.indexOf(0x0a, offset)
  const column = bytes.subarray(lineStart, offset).toString('utf8').length + 1
  return { line, column, text: bytes.subarray(0, lineEnd === -1 ? bytes.length : lineEnd).toString('utf8') }
}

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence (only called once isUtf8 said there is one). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let index = 0; index < bytes.length; ) {
    const byte = bytes[index]!
    const length = byte < 0x80 ? 1 : byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0
    if (length === 0) return index
    // The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF.
    const low = byte === 0xe0 ? 0xa0 : byte === 0xf0 ? 0x90 : 0x80
    const high = byte === 0xed ? 0x9f : byte === 0xf4 ? 0x8f : 0xbf
    for (let next = 1; next < length; next++) {
      const continuation = bytes[index + next]
      if (continuation === undefined || continuation < (next === 1 ? low : 0x80) || continuation > (next === 1 ? high : 0xbf)) return index
    }
    index += length
  }
  return bytes.length
}

function notAFile(stats: Stats): [string, string] {
  if (stats.isDirectory()) return ['is a folder, not a post file', 'Rename the folder so its name does not end in .md, or move it out of the posts folder.']
  const kind = stats.isFIFO() ? 'a named pipe' : stats.isSocket() ? 'a socket' : stats.isCharacterDevice() || stats.isBlockDevice() ? 'a device' : 'not a regular file'
  return [`is ${kind}, not a post file`, 'A post is a regular markdown file: remove this entry from the posts folder.']
}

function fileSystemProblem(code: string | undefined, error: unknown): [string, string] {
  switch (code) {
    case 'KUBE_SITE_TOO_LARGE': {
      const size = (error as { size: number }).size
      return [
        `is ${(size / 1024 / 1024).toFixed(1)} MiB: larger than the ${MAX_POST_BYTES / 1024 / 1024} MiB a post may be`,
        'Split it into several posts, and keep large files (images, data) in public/, linked from the post.',
      ]
    }
    case 'EACCES':
    case 'EPERM':
      return ['cannot be read: permission denied', 'Give the user who builds read access to it (chmod a+r), or move it out of the posts folder.']
    case 'ENOENT':
      return ['was removed while the posts were being read', 'Build again once the posts folder is no longer changing.']
    case 'EISDIR':
      return ['is a folder, not a post file', 'Rename the folder so its name does not end in .md, or move it out of the posts folder.']
    default:
      return [`cannot be read: ${(error as Error)?.message ?? String(error)}`, 'Check the file: a post is a regular markdown file inside the posts folder.']
  }
}
