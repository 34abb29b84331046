import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gunzipSync } from 'node:zlib'

// Pagefind does not write the same bytes twice for the same pages: its filter chunks come out in
// another order in each run, and so the metadata that names them by hash, the entry file that
// names that, and the shard's folder, named by its entry (cli/search/buildSearchIndex.ts). A
// snapshot shows each shard's folder by its place in blog/search/shards.json; its pages, word
// index, script and WebAssembly by their bytes (those are the same); its filters by what they
// hold, in order; the metadata and the entry, made from those, are left out.
const SHARD = /^assets\/search\/([0-9a-f]+)\/(.*)$/
const DERIVED = /^(pagefind\.[^/]+\.pf_meta|pagefind-entry\.json)$/

/** Every file of a folder with the hash of its bytes (the search index's, as above). */
export function snapshotFiles(dir: string): Record<string, string> {
  const manifestFile = join(dir, 'blog', 'search', 'shards.json')
  const shards: string[] = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')).shards : []
  const place = (name: string) => shards.indexOf(`/assets/search/${name}/`)
  const files: Record<string, string> = {}
  const filters: string[][] = []
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name)
      if (entry.isDirectory()) {
        walk(full)
        continue
      }
      const file = relative(dir, full)
      const bytes = readFileSync(full)
      const shard = SHARD.exec(file)
      if (file === join('blog', 'search', 'shards.json')) files[file] = `${shards.length} shards of ${JSON.parse(bytes.toString()).posts} posts`
      else if (!shard) files[file] = createHash('sha256').update(bytes).digest('hex')
      else if (DERIVED.test(shard[2]!)) continue
      else if (shard[2]!.startsWith('filter/')) (filters[place(shard[1]!)] ??= []).push(filterChunk(bytes))
      else files[`search shard ${place(shard[1]!)}: ${shard[2]}`] = createHash('sha256').update(bytes).digest('hex')
    }
  }
  walk(dir)
  filters.forEach((chunks, at) => (files[`search shard ${at}: filters`] = chunks.sort().join('\n')))
  return files
}

/** A Pagefind filter chunk (gzipped; "pagefind_dcd", then CBOR: [filter, [[value, [page, …]], …]]) as text, its values sorted. */
function filterChunk(bytes: Buffer): string {
  const [name, values] = pagefindFilter(bytes)
  return `${name}: ${values.map(([value, pages]) => `${value} ${pages.join(' ')}`).sort().join('; ')}`
}

/** What a Pagefind filter chunk holds: the filter's name, and each value with the numbers of its pages (their places in the index). */
export function pagefindFilter(bytes: Buffer): [name: string, values: [value: string, pages: number[]][]] {
  return decodeCbor(gunzipSync(bytes), 'pagefind_dcd'.length).value as [string, [string, number[]][]]
}

/** The CBOR item at `at` (RFC 8949: the unsigned integers, strings and arrays Pagefind writes). */
function decodeCbor(data: Buffer, at: number): { value: unknown; end: number } {
  const major = data[at]! >> 5
  const small = data[at]! & 31
  let length = small
  let next = at + 1
  if (small >= 24) {
    const size = 1 << (small - 24)
    length = Number(data.readUIntBE(next, size))
    next += size
  }
  if (major === 0) return { value: length, end: next }
  if (major === 2 || major === 3) return { value: major === 3 ? data.toString('utf8', next, next + length) : data.subarray(next, next + length), end: next + length }
  if (major === 4) {
    const items: unknown[] = []
    for (let index = 0; index < length; index++) {
      const item = decodeCbor(data, next)
      items.push(item.value)
      next = item.end
    }
    return { value: items, end: next }
  }
  throw new Error(`CBOR major type ${major} at ${at} is not one Pagefind's filters use`)
}

/** The hash of a file's bytes, or of a folder's files with their names ('absent' when there is none). */
export function treeHash(path: string): string {
  const hash = createHash('sha256')
  const add = (at: string, name: string) => {
    const stat = statSync(at, { throwIfNoEntry: false })
    if (!stat) hash.update(`${name}\0absent\0`)
    else if (stat.isDirectory()) for (const entry of readdirSync(at).sort()) add(join(at, entry), `${name}/${entry}`)
    else hash.update(name).update('\0').update(readFileSync(at)).update('\0')
  }
  add(path, '')
  return hash.digest('hex')
}
