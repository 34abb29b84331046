import { describe, expect, it } from 'vitest'
import { parseSrcset } from './parseSrcset.ts'

describe('parseSrcset', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['/a.png', ['/a.png']],
    ['/a.png 1x, /b.png 2x', ['/a.png', '/b.png']],
    ['/a.png 480w,/b.png 800w', ['/a.png', '/b.png']],
    // As in browsers: without a space after the comma, the comma belongs to the URL.
    ['/a.png,/b.png 2x', ['/a.png,/b.png']],
    ['/a.png 1x,/b.png 2x', ['/a.png', '/b.png']],
    ['  /a.png  1x ,  /b.png  ', ['/a.png', '/b.png']],
    ['/img?w=1,2 2x, /c.png', ['/img?w=1,2', '/c.png']],
    ['/a.png (max-width: 1px, 2px) 1x, /b.png', ['/a.png', '/b.png']],
    [',, /a.png 1x,,', ['/a.png']],
    ['data:image/png;base64,AAAA 1x, /b.png 2x', ['data:image/png;base64,AAAA', '/b.png']],
  ])('%j → %j', (srcset, urls) => {
    expect(parseSrcset(srcset)).toEqual(urls)
  })
})
