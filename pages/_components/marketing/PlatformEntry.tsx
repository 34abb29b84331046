import type { SiteConfig } from '../../../cli/content/types.ts'
import { langOf } from '../../_lib/text/textLanguage.ts'
import { Icon } from '../common/Icon.tsx'
import styles from './PlatformEntry.module.scss'
import { sectionIcon } from './sectionIcons.ts'

/** The inside of a Platform menu entry (desktop dropdown and mobile menu): icon, label, description. */
export function PlatformEntry({ item }: { item: SiteConfig['nav']['platform'][number] }) {
  return (
    <>
      <span className={styles.icon}><Icon name={sectionIcon(item.href)} size={18} /></span>
      <span className={styles.text}>
        <span className={styles.label} {...langOf(item, 'label')}>{item.label}</span>
        {item.description && <span className={styles.description} {...langOf(item, 'description')}>{item.description}</span>}
      </span>
    </>
  )
}
