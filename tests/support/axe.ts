import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** One axe rule that failed, with the elements it failed on. */
export interface AxeViolation {
  id: string
  impact: string
  help: string
  targets: string[]
}

/** Runs axe-core on the page as it is and returns its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through DevTools: a script tag would be an inline script, which the page's policy blocks.
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeResult[] }> } }).axe
    interface AxeResult {
      id: string
      impact: string | null
      help: string
      nodes: { target: unknown[] }[]
    }
    const { violations } = await axe.run(document, { resultTypes: ['violations'] })
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }))
  })
}
