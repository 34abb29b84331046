import { describe, expect, it } from 'vitest'
import { pictureHtml, type PlacedVariant } from './pictureHtml.ts'

const variants: PlacedVariant[] = (['avif', 'webp', 'jpeg'] as const).flatMap((format) =>
  [480, 768].map((width) => ({ format, width, url: `/assets/shot-${width}-abc.${format === 'jpeg' ? 'jpg' : format}` })),
)

describe('pictureHtml', () => {
  it('writes AVIF and WebP sources and a sized, lazy JPEG fallback', () => {
    expect(pictureHtml({ alt: 'The "summary" panel', width: 768, height: 480, variants, sizes: '(max-width: 720px) 100vw, 720px' })).toBe(
      '<picture>' +
        '<source type="image/avif" srcset="/assets/shot-480-abc.avif 480w, /assets/shot-768-abc.avif 768w" sizes="(max-width: 720px) 100vw, 720px">' +
        '<source type="image/webp" srcset="/assets/shot-480-abc.webp 480w, /assets/shot-768-abc.webp 768w" sizes="(max-width: 720px) 100vw, 720px">' +
        '<img src="/assets/shot-768-abc.jpg" srcset="/assets/shot-480-abc.jpg 480w, /assets/shot-768-abc.jpg 768w" sizes="(max-width: 720px) 100vw, 720px" alt="The &quot;summary&quot; panel" width="768" height="480" loading="lazy" decoding="async">' +
        '</picture>',
    )
  })

  it('makes the largest-paint candidate eager and fetched first', () => {
    const html = pictureHtml({ alt: '', width: 768, height: 480, variants, sizes: '100vw', priority: true })
    expect(html).toContain('loading="eager" fetchpriority="high"')
    expect(html).not.toContain('loading="lazy"')
  })

  it('refuses variants without a fallback', () => {
    expect(() => pictureHtml({ alt: '', width: 1, height: 1, variants: variants.filter((v) => v.format !== 'jpeg'), sizes: '100vw' })).toThrow(/fallback/)
  })
})
