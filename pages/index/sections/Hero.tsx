import { preload } from 'react-dom'
import { hero as heroByLocale, pictures } from 'virtual:kube-site/config'
import { useLocalized } from '../../_lib/locales/pageLocale.ts'
import { STAGGER_LIST_ITEM } from '../../_lib/constants.ts'
import { withBase } from '../../_lib/urls/href.ts'
import { plainUrl } from '../../_lib/picture.ts'
import { cx } from '../../_lib/cx.ts'
import { stagger } from '../../_lib/browser/reveal.ts'
import { langOf } from '../../_lib/text/textLanguage.ts'
import { Icon } from '../../_components/common/Icon.tsx'
import { SiteLink } from '../../_components/common/SiteLink.tsx'
import { InLanguage } from '../../_components/common/InLanguage.tsx'
import styles from './Hero.module.scss'

/** 'Kubernetes Security, Reimagined' → ['Kubernetes Security,', 'Reimagined']: the words after the last comma get the accent. */
function splitTitle(title: string): [string, string] {
  const at = title.lastIndexOf(', ')
  return at < 0 ? [title, ''] : [title.slice(0, at + 1), title.slice(at + 2)]
}

const videoType = (src: string) => (/\.webm($|\?)/i.test(src) ? 'video/webm' : /\.mp4($|\?)/i.test(src) ? 'video/mp4' : undefined)

/** The hero: badge, headline, tagline, the two calls to action and the demo video. */
export function Hero() {
  const hero = useLocalized(heroByLocale)
  const [lead, accent] = splitTitle(hero.title)
  const { video } = hero
  // A raster poster is the build's plain variant of it (one URL fits a video's poster).
  const poster = withBase(plainUrl(video.poster, pictures))
  // The poster is a phone's largest paint, found by the browser only at layout: preload it from the <head>.
  preload(poster, { as: 'image', fetchPriority: 'high' })
  return (
    // The first screen fades in with the first paint (data-reveal-on-load, a CSS animation), not once a script saw it.
    <section id="hero" data-reveal-on-load="" aria-labelledby="hero-title" className={styles.hero}>
      <div className={styles.backdrop} aria-hidden="true" />
      <div className={styles.inner}>
        <p className={cx(styles.badge, 'reveal-item')}>
          <span className={styles.yc} aria-hidden="true" />
          <InLanguage language={langOf(hero, 'badge')}>{hero.badge}</InLanguage>
        </p>
        <h1 id="hero-title" className={cx(styles.title, 'reveal-item')} {...stagger(1, STAGGER_LIST_ITEM)} {...langOf(hero, 'title')}>
          {lead}
          {accent && (
            <>
              {' '}
              <span className={styles.accent}>{accent}</span>
            </>
          )}
        </h1>
        <p className={cx(styles.tagline, 'reveal-item')} {...stagger(2, STAGGER_LIST_ITEM)} {...langOf(hero, 'tagline')}>{hero.tagline}</p>
        <div className={cx(styles.actions, 'reveal-item')} {...stagger(3, STAGGER_LIST_ITEM)}>
          <SiteLink href={hero.primaryCta.href} className={styles.primary}>
            <InLanguage language={langOf(hero.primaryCta, 'label')}>{hero.primaryCta.label}</InLanguage>
            <Icon name="arrowRight" size={18} />
          </SiteLink>
          <SiteLink href={hero.secondaryCta.href} className={styles.secondary}>
            <Icon name="calendar" size={18} />
            <InLanguage language={langOf(hero.secondaryCta, 'label')}>{hero.secondaryCta.label}</InLanguage>
          </SiteLink>
        </div>
        <div className={cx(styles.media, 'reveal-item')} {...stagger(4, STAGGER_LIST_ITEM)}>
          <div className={styles.chrome} aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
          {/* preload="none": the video is external and must never hold the page up; the poster is local. */}
          <video
            className={styles.video}
            controls
            controlsList="nodownload noplaybackrate"
            disablePictureInPicture
            playsInline
            preload="none"
            poster={poster}
            width={video.width}
            height={video.height}
            title={video.title}
            aria-label={video.title}
          >
            <source src={withBase(video.src)} type={videoType(video.src)} />
            {video.captions && <track kind="captions" src={withBase(video.captions)} default />}
          </video>
        </div>
      </div>
    </section>
  )
}
