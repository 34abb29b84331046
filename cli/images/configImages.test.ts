import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import type { SiteConfig } from '../content/types.ts'
import { configPictures } from './configImages.ts'
import { createImageStore } from '../incremental/images/imageStore.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function setUp() {
  const root = mkdtempSync(join(tmpdir(), 'kube-site-config-images-'))
  dirs.push(root)
  const publicDir = join(root, 'public')
  mkdirSync(join(publicDir, 'images'), { recursive: true })
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#123456' } }).png().toBuffer()
  for (const name of ['slide-light.png', 'slide-dark.png', 'poster.jpg']) writeFileSync(join(publicDir, 'images', name), name.endsWith('.jpg') ? await sharp(png).jpeg().toBuffer() : png)
  writeFileSync(join(publicDir, 'images', 'diagram.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>')
  return { publicDir, store: createImageStore(join(root, 'cache')), options: { publicDir, configFile: join(root, 'site.config.ts'), cwd: root } }
}

describe('configPictures', () => {
  it("makes every raster image the config names from public/ a picture, wherever it sits, and leaves the rest", async () => {
    const { store, options } = await setUp()
    const config = {
      hero: { video: { poster: '/images/poster.jpg', src: 'https://example.com/demo.mp4' } },
      riskAssessment: { slides: [{ image: { light: '/images/slide-light.png', dark: '/images/slide-dark.png', alt: 'A slide' } }] },
      topologyMap: { image: { light: '/images/diagram.svg', dark: '/images/missing.png' } },
      links: { docs: 'https://example.com/a.png' },
    } as unknown as SiteConfig
    const pictures = await configPictures(config, store, options)
    expect(Object.keys(pictures).sort()).toEqual(['/images/poster.jpg', '/images/slide-dark.png', '/images/slide-light.png'])
    expect(pictures['/images/poster.jpg']).toMatchObject({ width: 900, height: 600, widths: [480, 768, 900] })
    expect(pictures['/images/poster.jpg']!.avif).toHaveLength(3)
  })

  it('names the config and the image when one cannot be read', async () => {
    const { publicDir, store, options } = await setUp()
    writeFileSync(join(publicDir, 'images', 'broken.png'), 'not a png')
    const config = { hero: { video: { poster: '/images/broken.png' } } } as unknown as SiteConfig
    await expect(configPictures(config, store, options)).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringMatching(/^Image public\/images\/broken\.png could not be read/),
      location: { file: 'site.config.ts' },
    })
  })
})
