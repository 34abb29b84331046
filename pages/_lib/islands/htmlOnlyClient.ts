// The one script of the HTML-only pages (home, pricing, legal, 404; each imports it from its
// +client.ts): it reveals sections as they show and hydrates the page's islands when each is
// due. vike's client runtime, the page as a whole and its page context are never loaded.
import { revealOnSight } from '../browser/reveal.ts'
import { scheduleIslands } from './scheduleIslands.ts'

const firstScreenRevealed = revealOnSight()
void scheduleIslands(import.meta.glob('../../_islands/*.tsx'), firstScreenRevealed).then(() => {
  // As +onHydrationEnd.ts does on the blog: the islands above the fold are live.
  document.documentElement.dataset.hydrated = 'true'
})
