import { randomBytes } from 'node:crypto'
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { threadId } from 'node:worker_threads'

let written = 0

/**
 * A name for a file being written beside `file`, then renamed over it: unique to this process,
 * this thread and this call (worker threads share a process id, so a name by process id alone
 * was written by two threads at once), and random besides, so no other writer can hold it.
 */
export function temporaryFileName(file: string): string {
  return `${file}.${process.pid}-${threadId}-${(written++).toString(36)}-${randomBytes(4).toString('hex')}.tmp`
}

/**
 * Writes `data` to `file` whole or not at all: a reader, in any process or thread, sees the file
 * before or after, never a part of it, and a write that fails leaves nothing behind. `mkdir`
 * makes the folder first.
 */
export function writeFileAtomic(file: string, data: string | NodeJS.ArrayBufferView, { mkdir = false }: { mkdir?: boolean } = {}): void {
  if (mkdir) mkdirSync(dirname(file), { recursive: true })
  const temporary = temporaryFileName(file)
  try {
    writeFileSync(temporary, data)
    renameSync(temporary, file)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}
