import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { mapConcurrent } from '../util/mapConcurrent.ts'
import { storedDigest, type ObjectHeaders, type StorageRules } from './storedObject.ts'

/** A file of the built site, as the object it is stored as. */
export interface LocalFile {
  /** Path inside the site folder, with '/' separators: 'blog/index.html'. */
  path: string
  /** Bytes as stored: gzipped ones when `headers.contentEncoding` is 'gzip'. */
  size: number
  /** MD5 of the stored bytes, lower-case hex: what S3 reports as the ETag of a single-part upload. */
  md5: string
  headers: ObjectHeaders
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

/** Every file under `root` with its headers (a redirect page's location included) and the size and MD5 of its stored bytes, sorted by path. */
export async function listLocalFiles(root: string, rules: StorageRules, concurrency = 16): Promise<LocalFile[]> {
  const paths: string[] = []
  await walk(root, '', paths)
  paths.sort()
  const files = new Array<LocalFile>(paths.length)
  await mapConcurrent(
    paths.map((path, index) => ({ path, index })),
    concurrency,
    async ({ path, index }) => {
      const file = join(root, path)
      const { size } = await stat(file)
      files[index] = { path, ...(await storedDigest(file, path, rules, size)) }
    },
  )
  return files
}
