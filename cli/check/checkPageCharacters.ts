import { refusedCharacterInHtml } from '../content/posts/controlCharacters.ts'
import { finding, type Finding } from './findings.ts'
import { positionOf } from '../content/textPosition.ts'

/** A page holding a refused character (controlCharacters.ts), raw or by reference: built before the build refused it, or by hand. */
export function checkPageCharacters(url: string, html: string): Finding[] {
  const found = refusedCharacterInHtml(html)
  if (!found) return []
  const at = found.offset === undefined ? undefined : positionOf(html, found.offset)
  const where = at ? `at line ${at.line}, column ${at.column} of its HTML` : 'written as a character reference'
  return [
    finding('CONTROL_CHARACTER', {
      page: url,
      message: `holds ${found.name}, ${where}`,
      hint: 'A build refuses a post that holds one, at its line and column: build the site again, or delete the character from the file it came from.',
    }),
  ]
}
