import { setTheme, useTheme } from '../_lib/useTheme.ts'
import { UI_TEXT } from '../_lib/uiText.ts'
import { Icon } from './Icon.tsx'
import styles from './ThemeToggle.module.scss'
import { Tooltip } from './Tooltip.tsx'

/** Switches between light and dark. Both icons are in the HTML and CSS shows the current one, so the button never flashes. */
export function ThemeToggle() {
  const theme = useTheme()
  return (
    <Tooltip label={UI_TEXT.themeTooltip}>
      <button
      type="button"
      className={styles.toggle}
      aria-label={UI_TEXT.darkTheme}
      aria-pressed={theme === null ? undefined : theme === 'dark'}
      onClick={() => setTheme(theme === 'light' ? 'dark' : 'light')}
    >
      <Icon name="moon" size={18} className={styles.moon} />
      <Icon name="sun" size={18} className={styles.sun} />
      </button>
    </Tooltip>
  )
}
