// The part of opentype.js (2.0, which ships no types) that the social cards use.
declare module 'opentype.js' {
  export interface PathCommand {
    type: string
    x?: number
    y?: number
    x1?: number
    y1?: number
    x2?: number
    y2?: number
  }
  export interface Path {
    commands: PathCommand[]
    toPathData(decimalPlaces?: number): string
  }
  export interface Glyph {
    index: number
    advanceWidth?: number
    getPath(x: number, y: number, fontSize: number): Path
  }
  export interface Font {
    unitsPerEm: number
    ascender: number
    descender: number
    charToGlyphIndex(char: string): number
    glyphs: { get(index: number): Glyph }
    getKerningValue(left: Glyph, right: Glyph): number
  }
  const opentype: { parse(buffer: ArrayBuffer): Font }
  export default opentype
}
