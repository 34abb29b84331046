import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { mapConcurrent } from '../util/mapConcurrent.ts'

/** A file of the built site. */
export interface LocalFile {
  /** Path inside the site folder, with '/' separators: 'blog/index.html'. */
  path: string
  size: number
  /** MD5 of the bytes, lower-case hex: what S3 reports as the ETag of a single-part upload. */
  md5: string
}

/** MD5 of a file, streamed. */
export async function md5OfFile(file: string): Promise<string> {
  const hash = createHash('md5')
  await pipeline(createReadStream(file), hash)
  return hash.digest('hex')
}

async function walk(root: string, dir: string, found: string[]): Promise<void> {
  for (const entry of await readdir(join(root, dir), { withFileTypes: true })) {
    const path = dir ? `${dir}/${entry.name}` : entry.name
    // A symbolic link counts as what it points to, as an upload would read it.
    const isDirectory = entry.isSymbolicLink() ? (await stat(join(root, path))).isDirectory() : entry.isDirectory()
    if (isDirectory) await walk(root, path, found)
    else found.push(path)
  }
}

/** Every file under `root` with its size and MD5, sorted by path. */
export async function listLocalFiles(root: string, concurrency = 16): Promise<LocalFile[]> {
  const paths: string[] = []
  await walk(root, '', paths)
  paths.sort()
  const files = new Array<LocalFile>(paths.length)
  await mapConcurrent(
    paths.map((path, index) => ({ path, index })),
    concurrency,
    async ({ path, index }) => {
      const file = join(root, path)
      const [{ size }, md5] = await Promise.all([stat(file), md5OfFile(file)])
      files[index] = { path, size, md5 }
    },
  )
  return files
}
