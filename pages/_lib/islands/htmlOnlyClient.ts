// The one script of the HTML-only pages (each imports it from its +client.ts): it reveals sections and
// hydrates islands when due; vike's client runtime, the page and its page context never load.
import { revealOnSight } from '../browser/reveal.ts'
import { scheduleIslands } from './scheduleIslands.ts'

const firstScreenRevealed = revealOnSight()
void scheduleIslands(import.meta.glob('../../_islands/*.tsx'), firstScreenRevealed).then(() => {
  // As +onHydrationEnd.ts does on the blog: the islands above the fold are live.
  document.documentElement.dataset.hydrated = 'true'
})
