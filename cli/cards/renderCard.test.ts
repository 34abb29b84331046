import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadSiteConfig } from '../content/config/loadSiteConfig.ts'
import { socialCardTemplate } from '../incremental/cards/cardTemplate.ts'
import { createCardRenderer, type CardRenderer } from './renderCard.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
let renderer: CardRenderer
let background: [number, number, number]

beforeAll(async () => {
  const { config } = await loadSiteConfig(join(root, 'site.config.ts'), root)
  const template = socialCardTemplate(config)
  background = [1, 3, 5].map((at) => parseInt(template.colors.background.slice(at, at + 2), 16)) as [number, number, number]
  renderer = await createCardRenderer(template)
})

/** The card's pixels as RGB. */
async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const at = (x: number, y: number) => [data[(y * info.width + x) * 3]!, data[(y * info.width + x) * 3 + 1]!, data[(y * info.width + x) * 3 + 2]!]
  /** The columns of rows `top`–`bottom` holding anything but the background, from `left` on. */
  const inkColumns = (top: number, bottom: number, left = 20) => {
    const columns: number[] = []
    for (let x = left; x < info.width; x++) {
      for (let y = top; y < bottom; y++) {
        if (at(x, y).some((value, i) => value !== background[i])) {
          columns.push(x)
          break
        }
      }
    }
    return columns
  }
  return { info, at, inkColumns }
}

describe('createCardRenderer', () => {
  it('draws a 1200×630 indexed PNG on the brand background', async () => {
    const png = renderer.render({ title: 'Least-privilege network policies', date: '2025-03-18', tags: ['network-security'] }).png
    const meta = await sharp(png).metadata()
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630, isPalette: true })
    const { at } = await pixels(png)
    expect(at(600, 20)).toEqual(background)
  })

  it("draws the title's text: another title makes other pixels, the same title the same bytes", async () => {
    const text = { title: 'Least-privilege network policies', date: '2025-03-18', tags: ['network-security'] }
    const first = renderer.render(text).png
    expect(renderer.render(text).png.equals(first)).toBe(true)
    expect(renderer.render({ ...text, title: 'Most-privilege network policies' }).png.equals(first)).toBe(false)
    const { inkColumns } = await pixels(first)
    // The title's row (between the logo's and the meta row) has ink from the left margin on.
    const ink = inkColumns(150, 500)
    expect(ink[0]).toBeGreaterThanOrEqual(80)
    expect(ink[0]).toBeLessThan(90)
  })

  it('keeps a long title within the margins, on three lines at most', async () => {
    const title = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ')
    const { inkColumns } = await pixels(renderer.render({ title }).png)
    const ink = inkColumns(110, 520)
    expect(ink.at(-1)).toBeLessThanOrEqual(1120)
    expect(ink.at(-1)).toBeGreaterThan(1000)
  })

  it('leaves out the tags that would run into the host name', async () => {
    const many = renderer.render({ title: 'Tags', date: '2025-03-18', tags: ['a-rather-long-tag-name', 'another-long-tag-name', 'and-a-third-one', 'fourth'] }).png
    const { inkColumns } = await pixels(many)
    // The meta row: the host name ends at the right margin; nothing is drawn in the gap before it.
    const ink = inkColumns(532, 572, 80)
    expect(ink.at(-1)).toBeLessThanOrEqual(1120)
    const gaps = ink.slice(1).map((x, i) => x - ink[i]!)
    expect(Math.max(...gaps)).toBeGreaterThan(150)
  })
})

describe('the logo', () => {
  it("is laid on the card's background in at most 16 colours, a flat colour kept (within what a palette moves it)", async () => {
    // A raster logo 88×44: its left half a gradient of 44 × 44 colours, its right half one flat colour.
    const logoPixels = Buffer.alloc(88 * 44 * 3)
    for (let y = 0; y < 44; y++) {
      for (let x = 0; x < 88; x++) logoPixels.set(x < 44 ? [x * 5, y * 5, 128] : [200, 40, 90], (y * 88 + x) * 3)
    }
    const dir = mkdtempSync(join(tmpdir(), 'card-logo-'))
    const file = join(dir, 'logo.png')
    writeFileSync(file, await sharp(logoPixels, { raw: { width: 88, height: 44, channels: 3 } }).png().toBuffer())
    const { config } = await loadSiteConfig(join(root, 'site.config.ts'), root)
    const withLogo = await createCardRenderer({ ...socialCardTemplate(config), logo: { file, type: 'png' } })
    const { at } = await pixels(withLogo.render({ title: 'Logo' }).png)
    // The logo's box: 80 px from the left, 64 from the top, 44 high.
    const colors = new Set<string>()
    for (let y = 64; y < 108; y++) for (let x = 80; x < 168; x++) colors.add(at(x, y).join())
    expect(colors.size).toBeGreaterThan(4)
    expect(colors.size).toBeLessThanOrEqual(16)
    const flat = at(150, 86)
    ;[200, 40, 90].forEach((value, channel) => expect(Math.abs(flat[channel]! - value)).toBeLessThanOrEqual(4))
  })
})
