import sharp from 'sharp'

/**
 * A PNG that weighs what a real screenshot of a dashboard weighs (about 3.8 MB at 2400×1500):
 * panels, rows of text-like bars and a chart over a gradient, with the fine noise of anti-aliased
 * text and image content that makes real screenshots compress poorly. Deterministic for a seed.
 */
export async function makeScreenshot({ width = 2400, height = 1500, seed = 1, noise = 16 } = {}) {
  let state = seed * 2654435761 >>> 0 || 1
  const random = () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 4294967296
  }
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      const grain = (random() - 0.5) * 2 * noise
      pixels[i] = Math.max(0, Math.min(255, 18 + (x / width) * 30 + grain))
      pixels[i + 1] = Math.max(0, Math.min(255, 24 + (y / height) * 40 + grain))
      pixels[i + 2] = Math.max(0, Math.min(255, 40 + ((x + y) / (width + height)) * 60 + grain))
    }
  }
  const rows = []
  for (let row = 0; row < 24; row++) {
    const y = 260 + row * 44
    rows.push(`<rect x="560" y="${y}" width="${600 + Math.floor(random() * 900)}" height="14" rx="4" fill="#cbd5e1" opacity="0.85"/>`)
    rows.push(`<rect x="${1900 + Math.floor(random() * 40)}" y="${y}" width="${120 + Math.floor(random() * 200)}" height="14" rx="4" fill="${random() > 0.7 ? '#f87171' : '#34d399'}"/>`)
  }
  const bars = Array.from({ length: 30 }, (_, i) => {
    const h = 40 + Math.floor(random() * 180)
    return `<rect x="${580 + i * 58}" y="${1400 - h}" width="36" height="${h}" fill="#60a5fa"/>`
  }).join('')
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="0" y="0" width="${width}" height="120" fill="#0f172a" opacity="0.9"/>
    <rect x="0" y="120" width="480" height="${height - 120}" fill="#111827" opacity="0.85"/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="60" y="${200 + i * 70}" width="${200 + (i % 3) * 60}" height="18" rx="5" fill="#94a3b8"/>`).join('')}
    <rect x="520" y="200" width="1820" height="1000" rx="16" fill="#1e293b" opacity="0.75"/>
    ${rows.join('')}
    ${bars}
  </svg>`
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .composite([{ input: Buffer.from(overlay), top: 0, left: 0 }])
    .png()
    .toBuffer()
}
