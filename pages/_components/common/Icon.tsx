import sprite from './icons.svg?no-inline'

// The icon set is one file, icons.svg (24 px grid, 1.75 px stroke), fetched once and cached by its hashed
// name: an icon in a page is a reference to it, not its drawing. The config's validation checks icon ids.

export interface IconProps {
  name: string
  /** Size in px. Default: 20. */
  size?: number
  /** Stroke width on the 24 px grid: 1.75, or 2 for controls (`.icon-stroke-2`). Default: 1.75. */
  strokeWidth?: 1.75 | 2
  className?: string
}

/** The class of an icon that points along the line (back, forward): mirrored on a right-to-left page (styles/global.scss). */
export const ALONG_THE_LINE = 'icon-along-line'
/** The icons of the set that point along the line: each is mirrored on a right-to-left page, wherever it is used (a menu's fallback arrow, a config's icon too). */
const alongTheLine = new Set(['arrowLeft', 'arrowRight', 'chevronLeft', 'chevronRight'])

/** A decorative icon from the set (the control around it has the accessible name), its stroke styled by `icon` (styles/global.scss). */
export function Icon({ name, size = 20, strokeWidth = 1.75, className }: IconProps) {
  const classes = ['icon', strokeWidth === 2 ? 'icon-stroke-2' : undefined, alongTheLine.has(name) ? ALONG_THE_LINE : undefined, className].filter(Boolean).join(' ')
  return <svg className={classes} width={size} height={size} aria-hidden="true"><use href={`${sprite}#${name}`} /></svg>
}
