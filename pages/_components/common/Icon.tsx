import sprite from './icons.svg?no-inline'

// The site's icon set is one file, icons.svg, drawn on a 24 px grid with a 1.75 px stroke: each
// icon in a page is a reference to its drawing there (about 110 bytes), not the drawing itself
// (up to 500 bytes for GitHub's). The browser fetches the file once and keeps it: its name
// carries its content's hash. Config files name icons by id (featureCard.icon, socials[].icon),
// and the config's validation checks them against the file.

/** Props of Icon. */
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

/**
 * A decorative icon from the site's set; the control around it carries the accessible name. Its
 * stroke is styled once, by the class `icon` (styles/global.scss), which the drawing inherits.
 */
export function Icon({ name, size = 20, strokeWidth = 1.75, className }: IconProps) {
  const classes = ['icon', strokeWidth === 2 ? 'icon-stroke-2' : undefined, alongTheLine.has(name) ? ALONG_THE_LINE : undefined, className].filter(Boolean).join(' ')
  return <svg className={classes} width={size} height={size} aria-hidden="true"><use href={`${sprite}#${name}`} /></svg>
}
