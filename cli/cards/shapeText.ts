// Arabic joining and Arabic and Hebrew marks, shaped by HarfBuzz (opentype.js 2.0 fails on Noto Sans Arabic), loaded only by a thread with such a card (55 ms).

/** A shaped glyph: its index in the font, the character it starts at in the shaped text (UTF-16), and its advance and offsets in font units. */
export interface ShapedGlyph {
  index: number
  cluster: number
  advance: number
  dx: number
  dy: number
}

export interface Shaper {
  /** `text` set in the font `sfnt` (TrueType/OpenType bytes, known by `id`), in its direction: the glyphs in visual order, left to right. */
  shape(id: string, sfnt: () => Uint8Array, text: string, direction: 'ltr' | 'rtl', language: string): ShapedGlyph[]
}

/** HarfBuzz, loaded; each font's face made once. */
export async function loadShaper(): Promise<Shaper> {
  const hb = await import('harfbuzzjs')
  const fonts = new Map<string, InstanceType<typeof hb.Font>>()
  return {
    shape(id, sfnt, text, direction, language) {
      let font = fonts.get(id)
      if (!font) fonts.set(id, (font = new hb.Font(new hb.Face(new hb.Blob(sfnt())))))
      const buffer = new hb.Buffer()
      buffer.addText(text)
      buffer.guessSegmentProperties()
      buffer.setDirection(direction === 'rtl' ? hb.Direction.RTL : hb.Direction.LTR)
      buffer.setLanguage(language)
      hb.shape(font, buffer)
      const positions = buffer.getGlyphPositions()
      return buffer.getGlyphInfos().map((info, i) => {
        const { xAdvance, xOffset, yOffset } = positions[i]!
        return { index: info.codepoint, cluster: info.cluster, advance: xAdvance, dx: xOffset, dy: yOffset }
      })
    },
  }
}
