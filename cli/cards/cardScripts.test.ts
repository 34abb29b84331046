import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Resvg } from '@resvg/resvg-js'
import type { Bidi } from 'bidi-js'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadSiteConfig } from '../content/config/loadSiteConfig.ts'
import { mirrored, paragraphDirection, visualRuns } from './bidiLine.ts'
import { GlyphCache } from './cardCanvas.ts'
import { CardFonts, type TextStyle } from './cardFont.ts'
import { socialCardTemplate, type CardTemplate } from '../incremental/cards/cardTemplate.ts'
import { createCardRenderer, type CardRenderer } from './renderCard.ts'
import { loadShaper, type Shaper } from './shapeText.ts'

// Cards in every script a title may be written in: the glyphs drawn (not boxes), in the right
// font, right to left laid out from the right, Arabic joined.

const root = fileURLToPath(new URL('../..', import.meta.url))
const TITLE: TextStyle = { weight: 700, size: 64, letterSpacing: -1 }
let shaper: Shaper
let fonts: CardFonts
let template: CardTemplate
let renderer: CardRenderer
let background: number[]

beforeAll(async () => {
  shaper = await loadShaper()
  fonts = new CardFonts(root, { shaper })
  const { config } = await loadSiteConfig(join(root, 'site.config.ts'), root)
  template = socialCardTemplate(config)
  background = [1, 3, 5].map((at) => parseInt(template.colors.background.slice(at, at + 2), 16))
  renderer = await createCardRenderer(template, root, { shaper })
})

/** The title's region of a card (between the logo's row and the meta row, inside the band on either edge): its pixels that are not the background, and the first and last column with any. */
async function titleInk(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let count = 0
  let [first, last] = [info.width, -1]
  for (let y = 130; y < 500; y++) {
    for (let x = 20; x < info.width - 20; x++) {
      const at = (y * info.width + x) * 3
      if (data[at] === background[0] && data[at + 1] === background[1] && data[at + 2] === background[2]) continue
      count++
      first = Math.min(first, x)
      last = Math.max(last, x)
    }
  }
  return { count, first, last }
}

/** The first and last column of rows `top`–`bottom` with ink (not the background) between `left` and `right`; -1 where none has. */
async function inkSpan(png: Buffer, top: number, bottom: number, left = 20, right = 1180) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let [first, last] = [-1, -1]
  for (let x = left; x < right; x++) {
    for (let y = top; y < bottom; y++) {
      const at = (y * info.width + x) * 3
      if (data[at] === background[0] && data[at + 1] === background[1] && data[at + 2] === background[2]) continue
      if (first < 0) first = x
      last = x
      break
    }
  }
  return { first, last }
}

/** Characters no font has (a private-use character), as many as `title` has: a card of boxes to compare with. */
const boxes = (title: string) => '\u{f0000}'.repeat([...title].length)

describe('titles in every script', () => {
  it.each([
    ['Japanese', 'ja', 'ネットワークポリシーを実際のトラフィックから', 'noto-sans-jp-'],
    ['Chinese', 'zh-Hans', '用实际流量自动生成网络策略', 'noto-sans-sc-'],
    ['traditional Chinese', 'zh-Hant', '用實際流量自動產生網路策略', 'noto-sans-tc-'],
    ['Korean', 'ko', '실제 트래픽에서 네트워크 정책 생성', 'noto-sans-kr-'],
    ['Arabic', 'ar', 'سياسات الشبكة من حركة المرور الفعلية', 'noto-sans-arabic-arabic-'],
    ['Hebrew', 'he', 'מדיניות רשת מתעבורה אמיתית', 'noto-sans-hebrew-hebrew-'],
  ])('%s: its glyphs from its Noto family, none missing, drawn unlike boxes', async (_, language, title, family) => {
    const { glyphs } = fonts.layout(title, { ...TITLE, language })
    const letters = glyphs.filter((placed) => !/^latin-/.test(placed.fontId))
    expect(letters.length).toBeGreaterThan(5)
    for (const placed of letters) expect(placed.fontId.startsWith(family)).toBe(true)
    expect(glyphs.every((placed) => placed.glyph.index > 0 && !placed.missing)).toBe(true)

    const card = renderer.render({ title, date: '2025-03-18' }, language)
    expect(card.missing).toEqual([])
    const boxed = renderer.render({ title: boxes(title), date: '2025-03-18' }, language)
    expect(boxed.missing).toEqual(['\u{f0000}'])
    const [ink, boxInk] = await Promise.all([titleInk(card.png), titleInk(boxed.png)])
    expect(ink.count).toBeGreaterThan(2000)
    // Boxes are outlines of the same width each; the letters are not.
    expect(ink.count).not.toBe(boxInk.count)
  })

  it('a mixed Latin and Japanese title: Latin in Inter, Japanese in Noto Sans JP', () => {
    const { glyphs } = fonts.layout('Kubernetes 1.30 の新機能', { ...TITLE, language: 'ja' })
    const fonts_ = glyphs.map((placed) => (placed.fontId.startsWith('noto-sans-jp-') ? 'jp' : placed.fontId))
    expect(fonts_.slice(0, 16)).toEqual(Array(16).fill('latin-700'))
    expect(fonts_.slice(16)).toEqual(['jp', 'jp', 'jp', 'jp'])
    // In reading order, left to right.
    expect(glyphs.map((placed) => placed.x)).toEqual([...glyphs.map((placed) => placed.x)].sort((a, b) => a - b))
  })

  it('a Han character takes the forms of the card’s language: Japanese, simplified or traditional Chinese', () => {
    const fontOf = (language: string) => fonts.layout('直', { ...TITLE, language }).glyphs[0]!.fontId.replace(/-\d+-700-normal$/, '')
    expect(fontOf('ja')).toBe('noto-sans-jp')
    expect(fontOf('zh-CN')).toBe('noto-sans-sc')
    expect(fontOf('zh-TW')).toBe('noto-sans-tc')
    expect(fontOf('ko')).toBe('noto-sans-kr')
  })

  it('reads only the files of the characters it draws, never a whole CJK family', () => {
    const fresh = new CardFonts(root)
    const parsed = new Set(fresh.layout('日本語のタイトル', { ...TITLE, language: 'ja' }).glyphs.map((placed) => placed.fontId))
    // Noto Sans JP at one weight is 125 files; eight characters are in a few of them.
    expect([...parsed].filter((id) => id.startsWith('noto-sans-jp-')).length).toBeLessThanOrEqual(8)
  })

  it('wraps a Japanese title between characters, never before a closing mark nor after an opening one', () => {
    const title = '「ネットワークポリシー」を実際のトラフィックから自動生成する方法、そして運用。'
    for (const width of [300, 420, 560]) {
      const lines = fonts.wrap(title, { ...TITLE, language: 'ja' }, width, 10)
      expect(lines.join('')).toBe(title)
      for (const line of lines) {
        expect(line).not.toMatch(/^[、。」]/u)
        expect(line).not.toMatch(/「$/u)
      }
    }
  })
})

describe('right to left', () => {
  it('a Hebrew title: its first letter drawn rightmost, the title set against the right margin', async () => {
    const title = 'שלום עולם'
    const { glyphs } = fonts.layout(title, { ...TITLE, language: 'he', direction: 'rtl' })
    const first = fonts.layout('ש', { ...TITLE, language: 'he', direction: 'rtl' }).glyphs[0]!.glyph.index
    expect(glyphs.at(-1)!.glyph.index).toBe(first)
    const { first: left, last: right } = await titleInk(renderer.render({ title }, 'he').png)
    expect(right).toBeGreaterThan(1100)
    expect(right).toBeLessThanOrEqual(1120)
    expect(left).toBeGreaterThan(400)
  })

  it('an Arabic title in a card of another language is right to left too, from its first letter', async () => {
    const { first, last } = await titleInk(renderer.render({ title: 'مرحبا بالعالم' }, 'en').png)
    expect(last).toBeGreaterThan(1100)
    expect(first).toBeGreaterThan(400)
  })

  it('a Latin word inside stays left to right, in its place', () => {
    const { glyphs } = fonts.layout('מה חדש ב-Kubernetes', { ...TITLE, language: 'he', direction: 'rtl' })
    const word = fonts.layout('Kubernetes', TITLE).glyphs.map((placed) => placed.glyph.index)
    // Leftmost, as the last words of a right-to-left line, and its letters in their own order.
    expect(glyphs.slice(0, word.length).map((placed) => placed.glyph.index)).toEqual(word)
    expect(glyphs.slice(word.length).filter((placed) => placed.fontId.startsWith('noto-sans-hebrew-')).length).toBe(6)
  })

  it('joins Arabic letters: a word’s glyphs are its joining forms, not the isolated ones', async () => {
    const arabic = { ...TITLE, language: 'ar', direction: 'rtl' } as const
    const word = 'كتب'
    const joined = fonts.layout(word, arabic)
    const isolated = [...word].reverse().map((char) => fonts.layout(char, arabic))
    // Noto Sans Arabic draws some dots as glyphs of their own: compare the letters' shapes, not counts.
    expect(joined.glyphs.map((placed) => placed.glyph.index)).not.toEqual(isolated.flatMap((letter) => letter.glyphs.map((placed) => placed.glyph.index)))
    // Initial and medial forms have no tail: the joined word is narrower than its letters set apart.
    expect(joined.width).toBeLessThan(isolated.reduce((sum, letter) => sum + letter.width, 0) - 20)
    // lam-alef is one ligature: narrower than lam and alef side by side.
    expect(fonts.layout('لا', arabic).width).toBeLessThan(fonts.layout('ل', arabic).width + fonts.layout('ا', arabic).width - 5)
    // The pixels differ from the letters set apart.
    const [apart, together] = await Promise.all([titleInk(renderer.render({ title: 'ك ت ب' }, 'ar').png), titleInk(renderer.render({ title: word }, 'ar').png)])
    expect(together.count).not.toBe(apart.count)
  })

  it('mirrors a right-to-left card: the band on the right, the logo and the date from the right margin, the host at the left', async () => {
    const text = { title: 'سياسات الشبكة', date: '2025-03-18', tags: ['شبكة'] }
    const [ltr, rtl] = [renderer.render(text, 'ar', 'ltr').png, renderer.render(text, 'ar').png]
    // The band: 14 px down the start edge.
    expect(await inkSpan(ltr, 200, 400, 0, 14)).toEqual({ first: 0, last: 13 })
    expect(await inkSpan(ltr, 200, 400, 1186, 1200)).toEqual({ first: -1, last: -1 })
    expect(await inkSpan(rtl, 200, 400, 1186, 1200)).toEqual({ first: 1186, last: 1199 })
    expect(await inkSpan(rtl, 200, 400, 0, 14)).toEqual({ first: -1, last: -1 })
    // The logo's row (64–108): from the left margin, or ending at the right one.
    const [logoLtr, logoRtl] = await Promise.all([inkSpan(ltr, 64, 108), inkSpan(rtl, 64, 108)])
    expect(logoLtr.first).toBeGreaterThanOrEqual(80)
    expect(logoLtr.first).toBeLessThan(90)
    expect(logoRtl.last).toBeLessThanOrEqual(1120)
    expect(logoRtl.last).toBeGreaterThan(1110)
    expect(logoRtl.last - logoRtl.first).toBe(logoLtr.last - logoLtr.first)
    // The meta row (530–574): the date and the tag from the start margin, the host at the end one,
    // the gap between them in the middle on either side.
    const meta = async (png: Buffer) => {
      const [start, end] = [await inkSpan(png, 530, 574, 20, 600), await inkSpan(png, 530, 574, 600, 1180)]
      return { start, end }
    }
    const [metaLtr, metaRtl] = await Promise.all([meta(ltr), meta(rtl)])
    expect(metaLtr.start.first).toBeLessThan(90)
    expect(metaLtr.end.last).toBeGreaterThan(1110)
    expect(metaRtl.start.first).toBeLessThan(90)
    expect(metaRtl.end.last).toBeGreaterThan(1110)
    // The host (Latin, narrower than the date and tag together) takes the end: its span is the shorter.
    const width = ({ first, last }: { first: number; last: number }) => last - first
    expect(width(metaLtr.end)).toBeLessThan(width(metaLtr.start))
    expect(width(metaRtl.start)).toBeLessThan(width(metaRtl.end))
    // The same host, within the pixel its subpixel position may move its ink.
    expect(Math.abs(width(metaRtl.start) - width(metaLtr.end))).toBeLessThanOrEqual(1)
  })

  it('lays a card out in the direction it is given: an Arabic locale set left to right keeps the left-to-right layout', async () => {
    const text = { title: 'Network policies', date: '2025-03-18' }
    expect(renderer.render(text, 'ar', 'ltr').png.equals(renderer.render(text, 'ar').png)).toBe(false)
    expect(renderer.render(text, 'en', 'rtl').png.equals(renderer.render(text, 'ar').png)).toBe(false)
    expect((await inkSpan(renderer.render(text, 'en', 'rtl').png, 200, 400, 1186, 1200)).first).toBe(1186)
  })

  it('writes an Arabic card’s date in Arabic', () => {
    const arabic = renderer.render({ title: 'عنوان', date: '2025-03-18' }, 'ar')
    const english = renderer.render({ title: 'عنوان', date: '2025-03-18' }, 'en')
    expect(arabic.missing).toEqual([])
    expect(arabic.png.equals(english.png)).toBe(false)
  })
})

describe('bidiLine', () => {
  it.each([
    ['he', 'מה חדש ב-Kubernetes 1.30 (גרסה)?'],
    ['ar', 'الإصدار 1.30 من Kubernetes: ما الجديد؟'],
    ['en', 'Kubernetes: שלום עולם, and more'],
    ['ar', 'نص [مع أقواس] و«اقتباس»'],
  ])('puts %s text in the visual order of the Unicode Bidirectional Algorithm: %s', (language, text) => {
    const direction = paragraphDirection(text, language === 'en' ? 'ltr' : 'rtl')
    const bidi = (createRequire(import.meta.url)('bidi-js') as () => Bidi)()
    const expected = bidi.getReorderedString(text, bidi.getEmbeddingLevels(text, direction))
    const runs = visualRuns(text, direction, (i) => i % 3 === 0)
    const drawn = runs.map((run) => {
      const part = text.slice(run.start, run.end)
      return run.level % 2 ? [...part].reverse().map(mirrored).join('') : part
    })
    expect(drawn.join('')).toBe(expected)
  })
})

describe('a glyph opentype.js writes with NaN in its outline', () => {
  it('is drawn whole at every quarter pixel (月 of Noto Sans JP at 26 px, half a pixel in)', () => {
    const glyph = fonts.layout('月', { weight: 400, size: 26, language: 'ja' }).glyphs[0]!
    expect(glyph.glyph.getPath(0.5, 0, 26).toPathData(3)).toContain('NaN')
    const cache = new GlyphCache((path, box) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}" viewBox="${box.left} ${box.top} ${box.width} ${box.height}"><path d="${path}"/></svg>`
      const pixels = new Resvg(svg).render().pixels
      return Uint8Array.from({ length: box.width * box.height }, (_, i) => pixels[i * 4 + 3]!)
    })
    const ink = (fraction: number) => cache.mask(glyph.fontId, glyph.glyph, 26, fraction).alpha.reduce((sum, value) => sum + value, 0)
    // The same outline half a pixel over has about the same ink; a box filled in would have twice as much.
    expect(Math.abs(ink(0.5) - ink(0)) / ink(0)).toBeLessThan(0.1)
  })
})

describe('a character no font has', () => {
  it('is drawn as a box and reported, never silently', () => {
    const card = renderer.render({ title: 'Kubernetes \u{13000} policies', tags: ['\u{1F9EA}'] }, 'en')
    expect(card.missing).toEqual(['\u{13000}', '\u{1F9EA}'])
  })

  it('reports no default-ignorable character (a variation selector)', () => {
    expect(renderer.render({ title: 'Policies \u2764\ufe0f' }, 'en').missing).not.toContain('\ufe0f')
  })
})
