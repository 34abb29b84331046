import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { formatDay } from '../../pages/_lib/text/formatDay.ts'
import { textDirection } from '../../pages/_lib/locales/siteLocale.ts'
import { SOCIAL_CARD_HEIGHT as HEIGHT, SOCIAL_CARD_WIDTH as WIDTH, type SocialCardText } from '../../pages/_lib/socialCard.ts'
import { toolRoot } from '../toolRoot.ts'
import { GlyphCache, IndexedImage, Palette, hexRgb, mix, type Mask, type Ramp, type Rgb } from './cardCanvas.ts'
import { paragraphDirection } from './bidiLine.ts'
import { CardFonts, type TextStyle } from './cardFont.ts'
import { interTtfFiles } from './fontFiles.ts'
import type { CardTemplate } from '../incremental/cards/cardTemplate.ts'
import type { Shaper } from './shapeText.ts'
import type { Sharp } from 'sharp'

// Social cards: what a site's cards share is drawn once per thread; a card copies it and places glyphs drawn once (cardFont.ts): ~1.5 ms, against 40 with satori.

/** The card's layout, in px: the margins, the logo's row at the top and the meta row (date, tags, host) at the bottom. */
const BAND = 14
const LEFT = 80
const RIGHT = WIDTH - 80
const TOP = 64
const BOTTOM = HEIGHT - 56
const LOGO_HEIGHT = 44
const META_HEIGHT = 44
/** The widest a logo is drawn: a wide one is scaled down to it. */
const LOGO_MAX_WIDTH = 520

const TITLE: TextStyle = { weight: 700, size: 64, letterSpacing: -1 }
/** A title longer than this many characters is set smaller. */
const LONG_TITLE = 70
const LONG_TITLE_SIZE = 54
const TITLE_LINE_HEIGHT = 1.12
const TITLE_LINES = 3
const SUBTITLE: TextStyle = { weight: 400, size: 30 }
const SUBTITLE_LINE_HEIGHT = 1.35
const SUBTITLE_LINES = 2
const SUBTITLE_GAP = 24
const META: TextStyle = { weight: 400, size: 26 }
const TAG: TextStyle = { weight: 600, size: 26 }
const BRAND_NAME: TextStyle = { weight: 700, size: 34 }
/** Tags shown at most, and the space around and between them. */
const MAX_TAGS = 4
const TAG_PADDING = 18
const TAG_GAP = 12
const DATE_GAP = 24

/** Coverage levels of text: 24 shades between the text's colour and what is under it (a card has room in its 256 colours for four such ramps). */
const TEXT_LEVELS = 24
const EDGE_LEVELS = 8
const BAND_LEVELS = 32
/** Colours a logo is reduced to: sharp's palettes are 2, 4, 16 or 256 colours, and 256 would not fit beside the text's ramps. */
const LOGO_COLORS = 16

export interface CardRenderer {
  /** The card of `text` in `language` (dates, Han forms; default: the site's), in `direction` (right-to-left mirrored); missing characters drawn as boxes. */
  render(text: SocialCardText, language?: string, direction?: 'ltr' | 'rtl'): { png: Buffer; missing: string[] }
}

const require = createRequire(import.meta.url)

/** A renderer of one template's cards, made once per thread; Arabic or Hebrew needs `shaper` (loadShaper). */
export async function createCardRenderer(template: CardTemplate, root = toolRoot, { shaper }: { shaper?: Shaper } = {}): Promise<CardRenderer> {
  const { Resvg } = require('@resvg/resvg-js') as typeof import('@resvg/resvg-js')
  const fonts = new CardFonts(root, { shaper })
  const glyphs = new GlyphCache((path, box) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}" viewBox="${box.left} ${box.top} ${box.width} ${box.height}"><path d="${path}"/></svg>`
    const pixels = new Resvg(svg, { font: { loadSystemFonts: false } }).render().pixels
    const alpha = new Uint8Array(box.width * box.height)
    for (let i = 0; i < alpha.length; i++) alpha[i] = pixels[i * 4 + 3]!
    return alpha
  })
  const colors = {
    background: hexRgb(template.colors.background),
    text: hexRgb(template.colors.text),
    muted: hexRgb(template.colors.muted),
    primary: hexRgb(template.colors.primary),
    accent: hexRgb(template.colors.accent),
  }
  const tagBackground = mix(colors.primary, colors.background, 0x29 / 255)
  const palette = new Palette()
  const background = palette.add(colors.background)
  const band = bandSteps(palette, colors.primary, colors.accent)
  const ramps = {
    text: palette.ramp(colors.text, colors.background, TEXT_LEVELS),
    muted: palette.ramp(colors.muted, colors.background, TEXT_LEVELS),
    tagEdge: palette.ramp(tagBackground, colors.background, EDGE_LEVELS),
    tag: palette.ramp(colors.primary, tagBackground, TEXT_LEVELS),
  }
  /** Draws `text` on a line from `x` (or ending at `x`, `toLeft`); the characters no font has go into `missing`. */
  const drawLine = (image: IndexedImage, text: string, style: TextStyle, x: number, baseline: number, ramp: Ramp, { toLeft = false, missing }: { toLeft?: boolean; missing?: Set<string> } = {}) => {
    const line = fonts.layout(text, style)
    const start = toLeft ? x - line.width : x
    for (const placed of line.glyphs) {
      const at = start + placed.x
      const pixel = Math.floor(at)
      image.draw(glyphs.mask(placed.fontId, placed.glyph, style.size, at - pixel), pixel, placed.y ? baseline - Math.round(placed.y) : baseline, ramp)
      if (placed.missing) missing?.add(placed.missing)
    }
  }
  /** The baseline of a line of `style` centred in a box of `height` from `top` (as CSS centres a line's content area). */
  const baselineIn = (style: TextStyle, top: number, height: number) => {
    const { ascent, descent } = fonts.metrics(style.weight)
    return Math.round(top + (height - (ascent + descent) * style.size) / 2 + ascent * style.size)
  }

  // The logo's row: the logo, or the brand's name where there is none to draw.
  const logo =
    template.logo &&
    (await logoPixels(template.logo, colors.background, root, Resvg).catch((error: unknown) => {
      throw new Error(`the logo ${relative(root, template.logo!.file)} could not be read: ${(error as Error)?.message ?? String(error)}`)
    }))
  const logoColors = logo && Array.from({ length: logo.width * logo.height }, (_, i) => palette.add([logo.pixels[i * 3]!, logo.pixels[i * 3 + 1]!, logo.pixels[i * 3 + 2]!]))
  const metaTop = BOTTOM - META_HEIGHT
  const hostWidth = fonts.width(template.host, META)
  /** What every card in `direction` shares: band on the start edge, logo row from the start margin, host at the end; mirrored for right to left. */
  const drawBase = (direction: 'ltr' | 'rtl') => {
    const base = new IndexedImage(WIDTH, HEIGHT)
    const side = inlineSide(direction)
    base.fill(0, 0, WIDTH, HEIGHT, background)
    drawBand(base, band, direction)
    if (logo && logoColors) {
      const logoTop = TOP + Math.round((LOGO_HEIGHT - logo.height) / 2)
      const logoLeft = side.from(logo.width)
      logoColors.forEach((index, i) => base.set(logoLeft + (i % logo.width), logoTop + Math.floor(i / logo.width), index))
    } else {
      drawLine(base, template.brandName, BRAND_NAME, side.from(fonts.width(template.brandName, BRAND_NAME)), baselineIn(BRAND_NAME, TOP, LOGO_HEIGHT), ramps.text)
    }
    drawLine(base, template.host, META, side.to(hostWidth), baselineIn(META, metaTop, META_HEIGHT), ramps.muted)
    return base
  }
  const bases = { ltr: drawBase('ltr'), rtl: undefined as IndexedImage | undefined }

  const pills = new Map<number, Mask>()
  const image = bases.ltr.copy()
  return {
    render(text, language = template.language, direction = textDirection(language)) {
      // A right-to-left card's base is drawn the first time one is asked for: most sites have none.
      const base = direction === 'rtl' ? (bases.rtl ??= drawBase('rtl')) : bases.ltr
      base.copy(image)
      const side = inlineSide(direction)
      const missing = new Set<string>()
      const inLanguage = languageStyles(language, direction)
      // The title (and a page's subtitle), centred between the logo's row and the meta row.
      const title = inLanguage({ ...TITLE, size: text.title.length > LONG_TITLE ? LONG_TITLE_SIZE : TITLE.size }, text.title)
      const subtitle = inLanguage(SUBTITLE, text.subtitle ?? '')
      const titleLines = fonts.wrap(text.title, title, RIGHT - LEFT, TITLE_LINES)
      const subtitleLines = text.subtitle ? fonts.wrap(text.subtitle, subtitle, RIGHT - LEFT, SUBTITLE_LINES) : []
      const titleLine = title.size * TITLE_LINE_HEIGHT
      const subtitleLine = SUBTITLE.size * SUBTITLE_LINE_HEIGHT
      const blockHeight = titleLines.length * titleLine + (subtitleLines.length ? SUBTITLE_GAP + subtitleLines.length * subtitleLine : 0)
      let top = TOP + LOGO_HEIGHT + (metaTop - TOP - LOGO_HEIGHT - blockHeight) / 2
      for (const line of titleLines) {
        const rtl = title.direction === 'rtl'
        drawLine(image, line, title, rtl ? RIGHT : LEFT, baselineIn(title, top, titleLine), ramps.text, { toLeft: rtl, missing })
        top += titleLine
      }
      top += SUBTITLE_GAP
      for (const line of subtitleLines) {
        const rtl = subtitle.direction === 'rtl'
        drawLine(image, line, subtitle, rtl ? RIGHT : LEFT, baselineIn(SUBTITLE, top, subtitleLine), ramps.muted, { toLeft: rtl, missing })
        top += subtitleLine
      }
      // The meta row: the date, then as many tags as fit before the host (`used`: how far the row has gone).
      let used = 0
      const room = RIGHT - LEFT - hostWidth - DATE_GAP
      if (text.date) {
        const date = formatDay(text.date, language)
        const style = inLanguage(META, date)
        const width = fonts.width(date, style)
        drawLine(image, date, style, side.from(width), baselineIn(META, metaTop, META_HEIGHT), ramps.muted, { missing })
        used += width + DATE_GAP
      }
      for (const tag of (text.tags ?? []).slice(0, MAX_TAGS)) {
        const style = inLanguage(TAG, tag)
        const width = Math.round(fonts.width(tag, style) + 2 * TAG_PADDING)
        if (used + width > room) break
        let pill = pills.get(width)
        if (!pill) pills.set(width, (pill = pillMask(width, META_HEIGHT)))
        const left = Math.round(side.from(width, used))
        image.draw(pill, left, metaTop, ramps.tagEdge)
        drawLine(image, tag, style, left + TAG_PADDING, baselineIn(TAG, metaTop, META_HEIGHT), ramps.tag, { missing })
        used += width + TAG_GAP
      }
      return { png: image.png(palette), missing: [...missing] }
    },
  }
}

/** A box `width` wide set `offset` from the start margin (`from`) or against the end margin (`to`), as a left edge in `direction`. */
function inlineSide(direction: 'ltr' | 'rtl'): { from(width: number, offset?: number): number; to(width: number): number } {
  return direction === 'rtl'
    ? { from: (width, offset = 0) => RIGHT - offset - width, to: () => LEFT }
    : { from: (_width, offset = 0) => LEFT + offset, to: (width) => RIGHT - width }
}

/** A style of text in `language` on a card in `direction`: its paragraph's direction from the card's and the text's (bidiLine.ts). */
function languageStyles(language: string, direction: 'ltr' | 'rtl'): (style: TextStyle, text: string) => TextStyle {
  return (style, text) => ({ ...style, language, direction: paragraphDirection(text, direction) })
}

/** The band's colours, from the accent (`bottom`) to the primary colour (`top`): their indices in `palette`. */
function bandSteps(palette: Palette, top: Rgb, bottom: Rgb): number[] {
  return Array.from({ length: BAND_LEVELS }, (_, step) => palette.add(mix(bottom, top, step / (BAND_LEVELS - 1))))
}

/** The brand's band down the start edge (the left, or the right of a right-to-left card): the primary colour at the top to the accent at the bottom, in 32 steps with an ordered dither between them. */
function drawBand(image: IndexedImage, steps: readonly number[], direction: 'ltr' | 'rtl'): void {
  const bayer = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
  for (let y = 0; y < image.height; y++) {
    const position = (y / (image.height - 1)) * (BAND_LEVELS - 1)
    for (let x = 0; x < BAND; x++) {
      const threshold = (bayer[(y % 4) * 4 + (x % 4)]! + 0.5) / 16
      const step = Math.min(BAND_LEVELS - 1, Math.floor(position) + (position % 1 > threshold ? 1 : 0))
      image.set(direction === 'rtl' ? image.width - 1 - x : x, y, steps[step]!)
    }
  }
}

/** A pill's coverage: a box of `width`×`height` with fully round ends. */
function pillMask(width: number, height: number): Mask {
  const alpha = new Uint8Array(width * height)
  const radius = height / 2
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Distance from the pill's spine (the segment between the two ends' centres).
      const cx = Math.min(Math.max(x + 0.5, radius), width - radius)
      const distance = Math.hypot(x + 0.5 - cx, y + 0.5 - radius)
      alpha[y * width + x] = Math.round(Math.min(1, Math.max(0, radius - distance + 0.5)) * 255)
    }
  }
  return { width, height, left: 0, top: 0, alpha }
}

type ResvgClass = typeof import('@resvg/resvg-js').Resvg

/** The logo as RGB pixels on the card's background at the logo row's height, in ≤ LOGO_COLORS colours: SVG by resvg (Inter for its text), raster by sharp, palettized without dithering. */
async function logoPixels(logo: NonNullable<CardTemplate['logo']>, background: Rgb, root: string, Resvg: ResvgClass): Promise<{ width: number; height: number; pixels: Buffer } | undefined> {
  const { sharp } = await import('../images/encodeImage.ts')
  const bytes = readFileSync(logo.file)
  let image: Sharp
  if (logo.type === 'svg') {
    const probe = new Resvg(bytes, { font: { loadSystemFonts: false } })
    const fit = probe.width / probe.height > LOGO_MAX_WIDTH / LOGO_HEIGHT ? ({ mode: 'width', value: LOGO_MAX_WIDTH } as const) : ({ mode: 'height', value: LOGO_HEIGHT } as const)
    const drawn = new Resvg(bytes, { font: { loadSystemFonts: false, fontFiles: interTtfFiles(root), defaultFontFamily: 'Inter', sansSerifFamily: 'Inter' }, fitTo: fit }).render()
    if (!drawn.width || !drawn.height) return undefined
    image = sharp(drawn.pixels, { raw: { width: drawn.width, height: drawn.height, channels: 4 } })
  } else {
    image = sharp(bytes).resize({ width: LOGO_MAX_WIDTH, height: LOGO_HEIGHT, fit: 'inside' })
  }
  const [r, g, b] = background
  const indexed = await image.flatten({ background: { r, g, b } }).png({ palette: true, colours: LOGO_COLORS, dither: 0 }).toBuffer()
  const { data, info } = await sharp(indexed).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })
  return info.width ? { width: info.width, height: info.height, pixels: data } : undefined
}
