import { readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Removes all but the `count` newest entries of cache folder `dir`, always keeping `newest` (times may tie); an entry removed meanwhile is passed over. */
export function keepNewest(dir: string, count: number, newest: string): void {
  const others = readdirSync(dir)
    .map((name) => ({ path: join(dir, name), time: statSync(join(dir, name), { throwIfNoEntry: false })?.mtimeMs }))
    .filter(({ path, time }) => path !== newest && time !== undefined)
  for (const { path } of others.sort((a, b) => b.time! - a.time!).slice(count - 1)) rmSync(path, { recursive: true, force: true })
}
