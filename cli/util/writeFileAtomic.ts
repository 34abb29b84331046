import { randomBytes } from 'node:crypto'
import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeFileSync, writevSync } from 'node:fs'
import { dirname } from 'node:path'
import { threadId } from 'node:worker_threads'

let written = 0

/** A name for a file written beside `file` then renamed over it: unique to this process, thread (threads share a pid) and call, and random. */
export function temporaryFileName(file: string): string {
  return `${file}.${process.pid}-${threadId}-${(written++).toString(36)}-${randomBytes(4).toString('hex')}.tmp`
}

/** Writes `data` to `file` whole or not at all: readers see before or after, never a part, and a failure leaves nothing. `mkdir` makes the folder first. */
export function writeFileAtomic(file: string, data: string | NodeJS.ArrayBufferView | readonly NodeJS.ArrayBufferView[], { mkdir = false }: { mkdir?: boolean } = {}): void {
  if (mkdir) mkdirSync(dirname(file), { recursive: true })
  const temporary = temporaryFileName(file)
  try {
    if (Array.isArray(data)) writeParts(temporary, data)
    else writeFileSync(temporary, data as string | NodeJS.ArrayBufferView)
    renameSync(temporary, file)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}

/** Writes `parts` one after another into a new file, without joining them into one buffer first. */
function writeParts(file: string, parts: readonly NodeJS.ArrayBufferView[]): void {
  const fd = openSync(file, 'w')
  try {
    let rest = parts.map((part) => new Uint8Array(part.buffer, part.byteOffset, part.byteLength)).filter((part) => part.length > 0)
    while (rest.length > 0) {
      // A call writes at most IOV_MAX (1,024) buffers, and may write fewer bytes than it is given.
      let written = writevSync(fd, rest.slice(0, 1024))
      let done = 0
      while (done < rest.length && written >= rest[done]!.length) written -= rest[done++]!.length
      rest = rest.slice(done)
      if (written > 0) rest[0] = rest[0]!.subarray(written)
    }
  } finally {
    closeSync(fd)
  }
}
