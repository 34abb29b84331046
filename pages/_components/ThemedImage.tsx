import { withBase } from '../_lib/href.ts'
import { DEFAULT_THEME } from '../_lib/theme.ts'

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

/**
 * Both theme variants in the HTML; global CSS shows the one of the current theme, so there is no
 * flash. The variant of the other theme than the default is always lazy: hidden, it is never
 * fetched (an eager image is, shown or not), nor preloaded by React; shown, it is in view and
 * loads at once.
 */
export function ThemedImage({ light, dark, alt, width, height, className = '', lazy = true }: ThemedImageProps) {
  const shared = { alt, width, height, decoding: 'async' as const }
  const loading = (theme: string) => (lazy || theme !== DEFAULT_THEME ? ('lazy' as const) : undefined)
  if (light === dark) return <img {...shared} loading={loading(DEFAULT_THEME)} src={withBase(light)} className={className} />
  return (
    <>
      <img {...shared} loading={loading('light')} src={withBase(light)} className={`${className} themed--light`.trim()} />
      <img {...shared} loading={loading('dark')} src={withBase(dark)} className={`${className} themed--dark`.trim()} />
    </>
  )
}
