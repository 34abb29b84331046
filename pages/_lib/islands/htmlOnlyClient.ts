// The one script of the HTML-only pages (their +client.ts): reveals sections and hydrates islands; vike's runtime never loads.
import { revealOnSight } from '../browser/reveal.ts'
import { scheduleIslands } from './scheduleIslands.ts'

const firstScreenRevealed = revealOnSight()
void scheduleIslands(import.meta.glob('../../_islands/*.tsx'), firstScreenRevealed).then(() => {
  // As +onHydrationEnd.ts does on the blog: the islands above the fold are live.
  document.documentElement.dataset.hydrated = 'true'
})
