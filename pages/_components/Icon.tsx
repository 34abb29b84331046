import sprite from './icons.svg?no-inline'

// The site's icon set is one file, icons.svg, drawn on a 24 px grid with a 1.75 px stroke: each
// icon in a page is a reference to its drawing there (about 110 bytes), not the drawing itself
// (up to 500 bytes for GitHub's). The browser fetches the file once and keeps it: its name
// carries its content's hash. Config files name icons by id (featureCard.icon, socials[].icon),
// and the config's validation checks them against the file.

/** The stroke width of `.icon` in styles/global.scss. */
const DEFAULT_STROKE_WIDTH = 1.75

/** Props of Icon. */
export interface IconProps {
  name: string
  /** Size in px. Default: 20. */
  size?: number
  /** Stroke width on the 24 px grid. Default: 1.75 (controls use 2). */
  strokeWidth?: number
  className?: string
}

/**
 * A decorative icon from the site's set; the control around it carries the accessible name. Its
 * stroke is styled once, by the class `icon` (styles/global.scss), which the drawing inherits.
 */
export function Icon({ name, size = 20, strokeWidth = DEFAULT_STROKE_WIDTH, className }: IconProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      // Inline: the class's stroke width would win over an attribute.
      style={strokeWidth === DEFAULT_STROKE_WIDTH ? undefined : { strokeWidth }}
      aria-hidden="true"
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  )
}
