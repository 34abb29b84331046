import { getStarted as sectionByLocale } from 'virtual:kube-site/config'
import { useLocalized } from '../../_lib/locales/pageLocale.ts'
import { Icon } from '../../_components/common/Icon.tsx'
import { Section } from '../../_components/marketing/Section.tsx'
import { STAGGER_LIST_ITEM } from '../../_lib/constants.ts'
import { cx } from '../../_lib/cx.ts'
import { langOf } from '../../_lib/text/textLanguage.ts'
import { stagger } from '../../_lib/browser/reveal.ts'
import { CommandBlock } from './CommandBlock.tsx'
import { InLanguage } from '../../_components/common/InLanguage.tsx'
import styles from './GetStarted.module.scss'

/** Get started in seconds (#get-started): the Helm command, the install-time claim, platforms and network layers. */
export function GetStarted() {
  const section = useLocalized(sectionByLocale)
  return (
    <Section id="get-started" copy={section}>
      <div className={styles.layout}>
        <div className={cx(styles.command, 'reveal-item')} {...stagger(1, STAGGER_LIST_ITEM)}><CommandBlock command={section.command} copiedMessage={section.copiedMessage} /></div>
        <div className={styles.facts}>
          <div className={cx(styles.panel, 'reveal-item')} {...stagger(2, STAGGER_LIST_ITEM)}>
            <h3 className={styles.heading} {...langOf(section, 'installTimeLabel')}>{section.installTimeLabel}</h3>
            <p className={styles.time}>
              <Icon name="clock" size={28} />
              <InLanguage language={langOf(section, 'installTime')}>{section.installTime}</InLanguage>
            </p>
          </div>
          <div className={cx(styles.panel, 'reveal-item')} {...stagger(3, STAGGER_LIST_ITEM)}>
            <h3 className={styles.heading} {...langOf(section, 'platformsLabel')}>{section.platformsLabel}</h3>
            <ul className={styles.chips}>
              {section.platforms.map((platform, index) => (
                <li key={platform} className={cx(styles.chip, 'reveal-item')} {...stagger(index + 4, STAGGER_LIST_ITEM)}>
                  <Icon name="cloud" size={16} />
                  <InLanguage language={langOf(section.platforms, index)}>{platform}</InLanguage>
                </li>
              ))}
            </ul>
          </div>
          <div className={cx(styles.panel, 'reveal-item')} {...stagger(4, STAGGER_LIST_ITEM)}>
            <h3 className={styles.heading} {...langOf(section, 'networkLayersLabel')}>{section.networkLayersLabel}</h3>
            <ul className={styles.layers}>
              {section.networkLayers.map((layer, index) => (
                <li key={layer.name} className={cx(styles.layer, 'reveal-item')} {...stagger(index + 5, STAGGER_LIST_ITEM)}>
                  <span className={styles.layerName}>{layer.name}</span>
                  <span className={styles.layerTag}>{layer.layer}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </Section>
  )
}
