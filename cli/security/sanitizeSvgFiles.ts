import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { KubeSiteError } from '../errors.ts'
import { filesUnder } from '../util/filesUnder.ts'
import { writeFileAtomic } from '../util/writeFileAtomic.ts'
import { sanitizeSvg } from './sanitizeSvg.ts'
import type { SvgVerdicts } from '../incremental/svg/svgVerdicts.ts'

/** Where an output SVG comes from, for an error: its file as the writer knows it, and the posts that show it. */
export type SvgOrigin = (file: string) => { shown: string; usedBy: () => string[] }

/** Every SVG under `root` made safe, a changed one replaced (it may be a hard link); unreadable ones stop the build together; `verdicts` skip unchanged clean files. */
export function sanitizeSvgFiles(root: string, { origin = (file) => ({ shown: file, usedBy: () => [] }), verdicts }: { origin?: SvgOrigin; verdicts?: SvgVerdicts } = {}): string[] {
  const changed: string[] = []
  const problems: KubeSiteError[] = []
  for (const file of filesUnder(root)) {
    if (!file.toLowerCase().endsWith('.svg')) continue
    const path = join(root, file)
    const text = readFileSync(path, 'utf8')
    if (verdicts?.clean(text)) continue
    const { shown, usedBy } = origin(file)
    let sanitized
    try {
      sanitized = sanitizeSvg(text, shown)
    } catch (error) {
      if (!(error instanceof KubeSiteError)) throw error
      const posts = usedBy()
      problems.push(posts.length === 0 ? error : new KubeSiteError(error.code, `${error.message} ${posts.join(', ')} ${posts.length === 1 ? 'shows' : 'show'} it.`, { hint: error.hint, location: error.location, frame: error.frame, cause: error.cause }))
      continue
    }
    if (sanitized.removed.length === 0) {
      verdicts?.learnt(text)
      continue
    }
    writeFileAtomic(path, sanitized.svg)
    changed.push(file)
  }
  if (problems.length === 1) throw problems[0]
  if (problems.length > 1) throw new KubeSiteError('SVG_INVALID', `${problems.length} SVGs cannot be published`, { problems, hint: 'Fix each file above.' })
  return changed
}
