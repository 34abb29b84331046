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
})
