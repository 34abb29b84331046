/** The widths a raster image is encoded at, in pixels: phones at 1x–3x, tablets, desktops at 1x–2x. */
export const WIDTH_LADDER = [480, 768, 1080, 1600, 2400] as const

/** The widths for an image `original` pixels wide: the ladder's below it, then itself where narrower than the ladder's top (never upscaled), else the top. */
export function imageWidths(original: number, ladder: readonly number[] = WIDTH_LADDER): number[] {
  const top = ladder[ladder.length - 1]!
  const capped = Math.min(Math.floor(original), top)
  if (capped < 1) return []
  return [...ladder.filter((width) => width < capped), capped]
}
