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

/**
 * A decorative icon from the site's set; the control around it carries the accessible name. Its
 * stroke is styled once, by the class `icon` (styles/global.scss), which the drawing inherits.
 */
export function Icon({ name, size = 20, strokeWidth = 1.75, className }: IconProps) {
  const classes = ['icon', strokeWidth === 2 ? 'icon-stroke-2' : undefined, className].filter(Boolean).join(' ')
  return (
    <svg className={classes} width={size} height={size} aria-hidden="true">
      <use href={`${sprite}#${name}`} />
    </svg>
  )
}
