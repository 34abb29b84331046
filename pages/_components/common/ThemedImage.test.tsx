import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Picture } from '../../_lib/picture.ts'
import { ThemedImage } from './ThemedImage.tsx'

const picture = (name: string): Picture => ({
  width: 1200,
  height: 750,
  widths: [480, 1200],
  avif: [`/assets/images/${name}-1.avif`, `/assets/images/${name}-2.avif`],
  webp: [`/assets/images/${name}-1.webp`, `/assets/images/${name}-2.webp`],
  fallback: [`/assets/images/${name}-1.jpg`, `/assets/images/${name}-2.jpg`],
})

describe('ThemedImage', () => {
  it('is a <picture> for each variant the build made one of, sized, the default theme eager and first', () => {
    const html = renderToStaticMarkup(
      <ThemedImage light="/a-light.png" dark="/a-dark.png" alt="A report" lazy={false} priority pictures={{ '/a-light.png': picture('light'), '/a-dark.png': picture('dark') }} sizes="50vw" />,
    )
    const [light, dark] = html.split('</picture>')
    expect(light).toContain('<source type="image/avif" srcSet="/assets/images/light-1.avif 480w, /assets/images/light-2.avif 1200w" sizes="50vw"/>')
    expect(light).toMatch(/<img src="\/assets\/images\/light-2\.jpg" srcSet="[^"]+" sizes="50vw" alt="A report" width="1200" height="750" loading="lazy" decoding="async" class="themed--light"\/>/)
    expect(dark).toMatch(/<img [^>]*fetchPriority="high" decoding="async" class="themed--dark"\/>/)
    expect(dark).not.toContain('loading=')
  })

  it('stays an <img> of the path as written where there is no picture (an SVG)', () => {
    expect(renderToStaticMarkup(<ThemedImage light="/a.svg" dark="/a.svg" alt="" width={10} height={5} />)).toBe('<img alt="" width="10" height="5" decoding="async" loading="lazy" src="/a.svg" class=""/>')
  })
})
