import { KubeSiteError } from '../errors.ts'
import { findRefusedCharacter, refusedCharacterHint, refusedCharacterInHtml, refusedReferences, visibleFrame, visibleText } from './controlCharacters.ts'
import { locateKey } from './locateKey.ts'
import type { ParsedFrontmatter } from './parseFrontmatter.ts'
import { positionOf } from './textPosition.ts'

// The characters no post may hold (controlCharacters.ts) that its file's bytes do not show, which
// readPostFile.ts refuses: those an escape writes into a quoted YAML value (`title: "a\0b"`), read
// in the parsed values, and those a character reference writes into the body (`&#x7f;`), read in
// the body's HTML as a browser reads it.

type Path = (string | number)[]

/** Each frontmatter key whose value (or name) holds a character no post may hold: one problem a key, at its value. */
export function frontmatterCharacterProblems(parsed: ParsedFrontmatter, source: string, shown: string): KubeSiteError[] {
  const problems: KubeSiteError[] = []
  for (const [key, value] of Object.entries(parsed.data)) {
    const found = refusedIn(key, []) ?? refusedIn(value, [])
    if (!found) continue
    const index = found.path.find((step) => typeof step === 'number')
    const valueAt = parsed.positions.get(key)
    const position = (index !== undefined && valueAt ? elementPosition(source, key, index, valueAt) : undefined) ?? valueAt ?? { line: parsed.endLine, column: 1 }
    const named = `${visibleText(key)}${index !== undefined ? `[${index}]` : ''}`
    const hint = found.reference
      ? "Delete it: the post's markdown twin and llms.txt, read as markdown, would turn it into the character."
      : `${refusedCharacterHint(found.codePoint)} In a quoted value, an escape such as \\0, \\a, \\x07 or \\u0085 writes one.`
    problems.push(
      new KubeSiteError('POST_INVALID', `${named} holds ${found.reference ? `the character reference ${found.reference}, ${found.name}` : found.name}`, {
        location: { file: shown, ...position },
        frame: visibleFrame(source, position.line, position.column),
        hint,
      }),
    )
  }
  return problems
}

/**
 * The first character no post may hold in a parsed YAML value (its keys too), with the path to it:
 * the character itself, or a numeric reference to it, which the markdown the build writes from
 * the frontmatter (a twin's heading, llms.txt) would decode.
 */
function refusedIn(value: unknown, path: Path): { codePoint: number; name: string; reference?: string; path: Path } | undefined {
  if (typeof value === 'string') {
    const found = findRefusedCharacter(value)
    if (found) return { codePoint: found.codePoint, name: found.name, path }
    const reference = refusedReferences(value).next().value
    return reference && { codePoint: reference.codePoint, name: reference.name, reference: reference.reference, path }
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = refusedIn(item, [...path, index])
      if (found) return found
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = refusedIn(key, path) ?? refusedIn(item, [...path, key])
      if (found) return found
    }
  }
  return undefined
}

/**
 * Where element `index` of the `[list]` under `key` is: on the key's line after its value's start
 * (locateKey answers the key itself when it finds no element; a `- item` list has no `[`).
 */
function elementPosition(source: string, key: string, index: number, value: { line: number; column: number }): { line: number; column: number } | undefined {
  const at = locateKey(source, [key, index])
  return at && at.line === value.line && at.column > value.column ? at : undefined
}

/**
 * The problem of a rendered body that holds a character no post may hold (a character reference
 * names it: the file's own characters were refused as it was read), at the reference in the file.
 */
export function bodyCharacterProblem(html: string, markdown: string, linesBefore: number, shown: string): KubeSiteError | undefined {
  const found = refusedCharacterInHtml(html)
  if (!found) return undefined
  // The markdown's own character (a post given as text, not read from its file), or the reference
  // that names it (or, failing that, any that names one: the HTML's parser may map it).
  const raw = findRefusedCharacter(markdown)
  const references = [...refusedReferences(markdown)]
  const reference = references.find((candidate) => candidate.codePoint === found.codePoint) ?? references[0]
  const at = raw?.offset ?? reference?.offset
  if (at === undefined) {
    return new KubeSiteError('POST_INVALID', `its body renders to HTML that holds ${found.name}`, {
      location: { file: shown },
      hint: 'This is a bug in kube-site: please report it with this post. Look in the post for a character reference (&#…;) or a character editors do not show.',
    })
  }
  const { line, column } = positionOf(markdown, at)
  const source = '\n'.repeat(linesBefore) + markdown
  const message = raw ? `holds ${raw.name}` : `the character reference ${reference!.reference} is ${reference!.name}: the page would hold it as it is`
  const hint = raw ? refusedCharacterHint(raw.codePoint) : 'Delete the reference. To show it as written, put it in `code` (a code span or block shows a reference as its text).'
  return new KubeSiteError('POST_INVALID', message, {
    location: { file: shown, line: line + linesBefore, column },
    frame: visibleFrame(source, line + linesBefore, column),
    hint,
  })
}
