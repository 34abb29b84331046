/** A raster image the build made into variants (cli/images): each format's site paths at `widths`; posts carry one per cover (`Post.pictures`). */
export interface Picture {
  width: number
  height: number
  widths: number[]
  avif: string[]
  webp: string[]
  /** JPEG, or PNG for an image with transparency: what a browser without AVIF or WebP shows. */
  fallback: string[]
}

/** Where post images and covers are shown: the blog's column, 46rem at most, padded 1.25rem below 768px, 2rem above (BlogPost.module.scss). */
export const COLUMN_SIZES = '(min-width: 800px) 736px, (min-width: 768px) calc(100vw - 4rem), calc(100vw - 2.5rem)'

/** Where a card's image is shown: one column below 768px, two from there, in a 1200px container, 2rem padding and gap (BlogList.module.scss). */
export const CARD_SIZES = '(min-width: 1200px) 552px, (min-width: 768px) calc(50vw - 3rem), calc(100vw - 2.5rem)'

/** The widest fallback a screen needs (what a feed reader or an old browser gets as src). */
export const PLAIN_WIDTH = 1600

/** Where a section's image is shown: beside its text in a 1200px container on wide screens, the column's width below 1024 px. */
export const SECTION_SIZES = '(min-width: 1280px) 560px, (min-width: 1024px) 45vw, calc(100vw - 2.5rem)'

/** The pictures of a themed image's two variants, from `pictures` (undefined when neither is a picture). */
export function picturesOf(image: { light: string; dark: string }, pictures: Record<string, Picture>): Record<string, Picture> | undefined {
  const found = Object.fromEntries([image.light, image.dark].filter((src) => pictures[src]).map((src) => [src, pictures[src]!]))
  return Object.keys(found).length > 0 ? found : undefined
}

/** The one URL of a raster image where only one fits (a video's poster): its plain fallback, or the path as written. */
export function plainUrl(src: string, pictures: Record<string, Picture>): string {
  const picture = pictures[src]
  if (!picture) return src
  return picture.fallback[Math.max(0, picture.widths.findLastIndex((width) => width <= PLAIN_WIDTH))]!
}

/** The size of one of the files `pictures` made (`url`, a fallback variant, as a cover's field names it after the build), if it is one. */
export function variantSize(url: string, pictures: Record<string, Picture>): { width: number; height: number } | undefined {
  for (const picture of Object.values(pictures)) {
    const index = picture.fallback.indexOf(url)
    if (index >= 0) return { width: picture.widths[index]!, height: Math.round((picture.height * picture.widths[index]!) / picture.width) }
  }
  return undefined
}
