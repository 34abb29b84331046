import type { ReactNode } from 'react'

// The site's icon set, drawn on a 24 px grid with a 1.75 px stroke. Config files name icons by
// key (featureCard.icon, socials[].icon); an unknown key falls back to the shield.
const paths: Record<string, ReactNode> = {
  // Controls of the PDF viewer and back links.
  zoomOut: <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4M8 11h6" />,
  zoomIn: <path d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4M8 11h6M11 8v6" />,
  download: <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />,
  arrowLeft: <path d="M19 12H5M11 18l-6-6 6-6" />,
  document: <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h4" />,
  shield: <path d="M12 3l7.5 3v5.5c0 4.3-3.1 8-7.5 9.5-4.4-1.5-7.5-5.2-7.5-9.5V6z" />,
  network: (
    <>
      <circle cx="12" cy="5" r="2.25" />
      <circle cx="5" cy="18.5" r="2.25" />
      <circle cx="19" cy="18.5" r="2.25" />
      <path d="M10.9 7l-4.8 9.4M13.1 7l4.8 9.4M7.3 18.5h9.4" />
    </>
  ),
  chat: <path d="M4.5 5.5h15a1 1 0 011 1v9a1 1 0 01-1 1H10l-4.5 3.5v-3.5h-1a1 1 0 01-1-1v-9a1 1 0 011-1zM8 10h8M8 13h5" />,
  map: <path d="M3.5 6.5L9 4.5l6 2 5.5-2v13l-5.5 2-6-2-5.5 2zM9 4.5v13M15 6.5v13" />,
  bolt: <path d="M13 2.5L4.5 13.5H11l-1 8 8.5-11H12z" />,
  lock: (
    <>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8.5 10.5V7.5a3.5 3.5 0 017 0v3M12 14.5v2" />
    </>
  ),
  eye: (
    <>
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  git: (
    <>
      <circle cx="6.5" cy="5.5" r="2" />
      <circle cx="6.5" cy="18.5" r="2" />
      <circle cx="17.5" cy="8.5" r="2" />
      <path d="M6.5 7.5v9M17.5 10.5c0 3.5-3 4.5-6 4.8-2 .2-3.6.9-4.4 1.8" />
    </>
  ),
  server: (
    <>
      <rect x="3.5" y="4" width="17" height="7" rx="1.75" />
      <rect x="3.5" y="13" width="17" height="7" rx="1.75" />
      <path d="M7.5 7.5h.01M7.5 16.5h.01M11 7.5h5.5M11 16.5h5.5" />
    </>
  ),
  cpu: (
    <>
      <rect x="6" y="6" width="12" height="12" rx="2" />
      <rect x="9.5" y="9.5" width="5" height="5" rx="0.75" />
      <path d="M9.5 2.5V6M14.5 2.5V6M9.5 18v3.5M14.5 18v3.5M2.5 9.5H6M2.5 14.5H6M18 9.5h3.5M18 14.5h3.5" />
    </>
  ),
  check: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8.2 12.4l2.6 2.6 5-5.4" />
    </>
  ),
  tick: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  layers: <path d="M12 3.5l9 4.75-9 4.75-9-4.75zM3 12.5l9 4.75 9-4.75M3 16.5l9 4.5 9-4.5" />,
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2.5v2M12 19.5v2M4.6 4.6L6 6M18 18l1.4 1.4M2.5 12h2M19.5 12h2M4.6 19.4L6 18M18 6l1.4-1.4" />
    </>
  ),
  moon: <path d="M19.5 14.6A7.9 7.9 0 019.4 4.5a8 8 0 1010.1 10.1z" />,
  menu: <path d="M4 7h16M4 12h16M4 17h16" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  chevronDown: <path d="M6.5 9.5l5.5 5.5 5.5-5.5" />,
  chevronLeft: <path d="M14.5 6l-6 6 6 6" />,
  chevronRight: <path d="M9.5 6l6 6-6 6" />,
  arrowRight: <path d="M4.5 12h15M13.5 6l6 6-6 6" />,
  copy: (
    <>
      <rect x="8.5" y="8.5" width="12" height="12" rx="2" />
      <path d="M15.5 8.5V5.5a2 2 0 00-2-2h-8a2 2 0 00-2 2v8a2 2 0 002 2h3" />
    </>
  ),
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
    </>
  ),
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </>
  ),
  external: <path d="M13.5 4.5h6v6M19.5 4.5l-8.5 8.5M17.5 13.5v5a1 1 0 01-1 1h-11a1 1 0 01-1-1v-11a1 1 0 011-1h5" />,
  terminal: (
    <>
      <rect x="3" y="4.5" width="18" height="15" rx="2" />
      <path d="M7 9.5l3 2.5-3 2.5M12.5 15H17" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3.5 2" />
    </>
  ),
  cloud: <path d="M7 18.5a4.5 4.5 0 01-.6-9 6 6 0 0111.4 1.8 3.6 3.6 0 01-.3 7.2z" />,
  github: (
    <>
      <path d="M9 20.5v-3.2c0-.9.3-1.6.8-2.1-2.9-.4-5.3-1.6-5.3-5.3 0-1.1.4-2.1 1.1-2.9-.2-.8-.2-1.9.3-2.9 1.2 0 2.2.6 3 1.3a9.6 9.6 0 016.2 0c.8-.7 1.8-1.3 3-1.3.5 1 .5 2.1.3 2.9.7.8 1.1 1.8 1.1 2.9 0 3.7-2.4 4.9-5.3 5.3.5.5.8 1.2.8 2.1v3.2" />
      <path d="M9 18.2c-2.6.7-3.5-.6-4.1-1.8" />
    </>
  ),
  linkedin: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
      <path d="M8 10.5v6M8 7.5v.01M12 16.5v-6M12 13a2.5 2.5 0 015 0v3.5" />
    </>
  ),
  x: <path d="M4.5 4.5h4l11 15h-4zM19.5 4.5l-6.4 6.9M4.5 19.5l6.4-6.9" />,
  youtube: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="3.5" />
      <path d="M10 9.2v5.6l4.8-2.8z" />
    </>
  ),
}

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
 * stroke is styled once, by the class `icon` (styles/global.scss), not by attributes repeated in
 * every <svg> of every page: a page's header and footer hold a dozen icons.
 */
export function Icon({ name, size = 20, strokeWidth = DEFAULT_STROKE_WIDTH, className }: IconProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      // Inline: the class's stroke width would win over an attribute.
      style={strokeWidth === DEFAULT_STROKE_WIDTH ? undefined : { strokeWidth }}
      aria-hidden="true"
    >
      {paths[name] ?? paths.shield}
    </svg>
  )
}
