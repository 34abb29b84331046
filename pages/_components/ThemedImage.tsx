import { withBase } from '../_lib/href.ts'

export interface ThemedImageProps {
  light: string
  dark: string
  alt: string
  width?: number
  height?: number
  className?: string
  /** Lazy unless the image is in the first screen. Default: true. */
  lazy?: boolean
}

/** Both theme variants in the HTML; global CSS shows the one of the current theme, so there is no flash. */
export function ThemedImage({ light, dark, alt, width, height, className = '', lazy = true }: ThemedImageProps) {
  const shared = { alt, width, height, loading: lazy ? ('lazy' as const) : undefined, decoding: 'async' as const }
  if (light === dark) return <img {...shared} src={withBase(light)} className={className} />
  return (
    <>
      <img {...shared} src={withBase(light)} className={`${className} themed--light`.trim()} />
      <img {...shared} src={withBase(dark)} className={`${className} themed--dark`.trim()} />
    </>
  )
}
