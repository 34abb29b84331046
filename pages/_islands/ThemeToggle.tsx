import { island } from '../_lib/islands/island.tsx'
import { useTheme } from '../_lib/browser/useTheme.ts'
import { Icon } from '../_components/common/Icon.tsx'
import styles from './ThemeToggle.module.scss'
import { Tooltip } from '../_components/common/Tooltip.tsx'
import { useIslandText } from '../_lib/text/uiText.ts'

/** Both icons in the HTML (CSS shows one: no flash). earlyScript handles the click from the first paint on; this keeps aria-pressed in step and gives the tooltip. */
function ThemeToggle() {
  const { ui } = useIslandText()
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
