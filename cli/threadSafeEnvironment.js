/**
 * Sets, before any thread starts, the variables libraries would add while threads run: adding one can move the
 * environment's array under another thread's getenv (SIGSEGV in getenv, seen twice in the suite). libvips, loaded
 * first in a card or image thread, stores its guessed install folder in VIPSHOME unless it is set; vike's plugin sets
 * the other two for each vite build. Replacing a value, as they then do, leaves the array where it is.
 */
export function settleEnvironment(toolRoot) {
  process.env.VIPSHOME ??= toolRoot
  process.env.BASE_SERVER ??= '/'
  process.env.BASE_ASSETS ??= '/'
}
