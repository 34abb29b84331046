import { describe, expect, it } from 'vitest'
import { imageWidths } from './imageWidths.ts'

describe('imageWidths', () => {
  it.each([
    [2400, [480, 768, 1080, 1600, 2400]],
    [3000, [480, 768, 1080, 1600, 2400]],
    [1200, [480, 768, 1080, 1200]],
    [1080, [480, 768, 1080]],
    [300, [300]],
    [480, [480]],
    [0, []],
  ])('an image %i px wide is encoded at %j', (original, widths) => {
    expect(imageWidths(original)).toEqual(widths)
  })
})
