import { readFileSync } from 'node:fs'

/** The JSON `file` holds, or undefined when it is absent, unreadable or cut short: a cache's record, whose loss only costs work again. */
export function readJsonFile<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T
  } catch {
    return undefined
  }
}
