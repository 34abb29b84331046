import { describe, expect, it } from 'vitest'
import { locateKey } from './locateKey.ts'

describe('locateKey', () => {
  const source = `export default {\n  security: {\n    csp: {\n      'script-src': [\n        'https://a.example',\n        "https://b.example", { c: 1 },\n        [2],\n      ],\n    },\n  },\n}\n`

  it.each([
    [['security', 'csp', 'script-src'], { line: 4, column: 8 }],
    [['security', 'csp', 'script-src', 0], { line: 5, column: 9 }],
    [['security', 'csp', 'script-src', 1], { line: 6, column: 9 }],
    [['security', 'csp', 'script-src', 2], { line: 6, column: 30 }],
    [['security', 'csp', 'script-src', 3], { line: 7, column: 9 }],
    // No fourth element: the array's key is the nearest place.
    [['security', 'csp', 'script-src', 4], { line: 4, column: 8 }],
  ])('finds %j at %j (an element that is a string at its opening quote)', (path, position) => {
    expect(locateKey(source, path)).toEqual(position)
  })

  it("finds a top-level key in the exported object, not in a constant before it that has the same keys (a locale's copy)", () => {
    const config = "const german = {\n  authors: { 'Maya Chen': { role: 'Gründerin' } },\n}\n\nexport default defineSiteConfig({\n  authors: {\n    'Maya Chen': { role: 'Founder' },\n  },\n  locales: [{ code: 'de', copy: german }],\n})\n"
    expect(locateKey(config, ['authors', 'Maya Chen'])).toEqual({ line: 7, column: 6 })
    expect(locateKey(config.replace(/^export default /m, 'module.exports = '), ['authors', 'Maya Chen'])).toEqual({ line: 2, column: 15 })
  })
})
