import { readFileSync } from 'node:fs'

/** The text `file` holds, or undefined when it is absent or unreadable: a source for a message's frame, a record whose loss only costs work again. */
export function readTextFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/** The JSON `file` holds, or undefined when it is absent, unreadable or cut short: a cache's record, whose loss only costs work again. */
export function readJsonFile<T>(file: string): T | undefined {
  const text = readTextFile(file)
  try {
    return text === undefined ? undefined : (JSON.parse(text) as T)
  } catch {
    return undefined
  }
}
