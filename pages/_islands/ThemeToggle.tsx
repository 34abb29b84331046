import { island } from '../_lib/islands/island.tsx'
import { useTheme } from '../_lib/browser/useTheme.ts'
import { Icon } from '../_components/common/Icon.tsx'
import styles from './ThemeToggle.module.scss'
import { Tooltip } from '../_components/common/Tooltip.tsx'
import { useSiteText } from '../_lib/text/siteText.ts'

/**
 * Switches between light and dark. Both icons are in the HTML and CSS shows the current one, so the
 * button never flashes. The click has no handler here: earlyScript switches the theme from the
 * first paint on, before and during hydration as after it, reading it from the document at the
 * time of the click; this component keeps aria-pressed in step and gives the tooltip.
 */
function ThemeToggle() {
  const { ui } = useSiteText()
  const theme = useTheme()
  return (
    <Tooltip label={ui.themeTooltip}>
      <button type="button" className={styles.toggle} data-theme-toggle="" aria-label={ui.darkTheme} aria-pressed={theme === null ? undefined : theme === 'dark'}>
        <Icon name="moon" size={18} className={styles.moon} />
        <Icon name="sun" size={18} className={styles.sun} />
      </button>
    </Tooltip>
  )
}

/** The header's theme toggle: hydrates when the browser is idle. */
export default island('ThemeToggle', ThemeToggle, 'idle')
