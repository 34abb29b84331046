import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { KubeSiteError, formatLocation } from '../errors.ts'
import { sanitizeSvg } from '../security/sanitizeSvg.ts'
import { filesUnder } from '../util/filesUnder.ts'
import { htmlTags } from '../content/markdown/htmlTags.ts'
import { findToken, lexPostBody } from '../content/markdown/tokenPositions.ts'
import { finding, type Finding } from './findings.ts'

// What the build quietly takes out of a writer's files for security (an SVG's script, a post's styles), said by check so the writer learns why it has no effect.

/** What a finding lists of what an SVG loses: an editor's export may lose dozens of its attributes. */
const LISTED = 8

/** UNSAFE_SVG for each SVG in `dirs` that the build would change, naming what it removes; SVG_INVALID for one it cannot publish. */
export function unsafeSvgFindings(dirs: string[], cwd: string): Finding[] {
  return dirs.flatMap((dir) =>
    filesUnder(dir)
      .filter((file) => file.toLowerCase().endsWith('.svg'))
      .flatMap((file) => {
        const path = join(dir, file)
        const shown = relative(cwd, path) || path
        let removed: string[]
        try {
          removed = sanitizeSvg(readFileSync(path, 'utf8'), shown).removed
        } catch (error) {
          if (!(error instanceof KubeSiteError)) throw error
          const { location, message, hint, frame } = error
          return [finding('SVG_INVALID', { file: shown, line: location?.line, column: location?.column, message: `${location ? formatLocation(location) : shown} ${message}`, hint, frame })]
        }
        if (removed.length === 0) return []
        const unique = [...new Set(removed)]
        const listed = unique.length > LISTED ? [...unique.slice(0, LISTED), `${unique.length - LISTED} more`] : unique
        return [
          finding('UNSAFE_SVG', {
            file: shown,
            message: `${shown}: the build removes ${listed.join(', ')}: what is not known to be safe when the SVG is opened on its own`,
            hint: 'Export the SVG again as plain SVG, without scripts, event handlers, external references and editor data (most editors have a "plain SVG" option).',
          }),
        ]
      }),
  )
}

/** POST_STYLE_REMOVED for each `style` attribute and <style> element in a post's raw HTML, at its line and column (read from the body's tokens). */
export function postStyleFindings(postFiles: string[], cwd: string): Finding[] {
  return postFiles.flatMap((path) => {
    const source = readFileSync(path, 'utf8')
    if (!/style/i.test(source)) return []
    const shown = relative(cwd, path) || path
    const findings: Finding[] = []
    const { tokens, positionAt } = lexPostBody(source)
    findToken(tokens, (token, _, at) => {
      if (!('type' in token) || token.type !== 'html') return false
      for (const { what, offset } of stylesIn(token.raw)) {
        const { line, column } = positionAt(at(offset))
        findings.push(
          finding('POST_STYLE_REMOVED', {
            file: shown,
            line,
            column,
            message: `${shown}:${line}:${column} ${what} is removed from the post: the pages' Content-Security-Policy allows no inline styles`,
            hint: 'Use markdown for the layout (a table aligns its columns with :--:), or ask for a class in the post styles.',
          }),
        )
      }
      return false
    })
    return findings
  })
}

/** The style attributes and elements in a piece of HTML, described (`<td style="…">`, `<style>`), and where each is in it. */
function stylesIn(html: string): { what: string; offset: number }[] {
  return htmlTags(html).flatMap(({ name, attributes, offset, attributeOffsets }) => {
    if (name === 'style') return [{ what: '<style>', offset }]
    if (attributes.style !== undefined) return [{ what: `<${name} style="${attributes.style}">`, offset: attributeOffsets.style ?? offset }]
    return []
  })
}
