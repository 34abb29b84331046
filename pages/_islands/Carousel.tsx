import useEmblaCarousel from 'embla-carousel-react'
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react'
import { island } from '../_lib/islands/island.tsx'
import { usePageLocale } from '../_lib/locales/pageLocale.ts'
import { cx } from '../_lib/cx.ts'
import { langOf } from '../_lib/text/textLanguage.ts'
import styles from './Carousel.module.scss'
import { Icon } from '../_components/common/Icon.tsx'
import { ThemedImage, type ThemedImageProps } from '../_components/common/ThemedImage.tsx'
import { Tooltip } from '../_components/common/Tooltip.tsx'
import { useIslandText } from '../_lib/text/uiText.ts'

/** One slide: a title, a line of description and a themed image. */
export interface CarouselSlide { title: string; description: string; image: Omit<ThemedImageProps, 'className' | 'lazy'> }

export interface CarouselProps {
  /** Accessible name of the carousel. */
  label: string
  slides: CarouselSlide[]
  /** Wrap around at the ends. Default: true. */
  loop?: boolean
  /** Where the selected slide sits. Default: 'center'. */
  align?: 'start' | 'center' | 'end'
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

/** The slide nearest the list's middle, the list scrolled back to its start: embla moves the track by a transform, which a scroll would offset. */
function takeScrolledSlide(viewport: HTMLElement): number {
  const box = viewport.getBoundingClientRect()
  const middle = box.left + box.width / 2
  const slides = [...(viewport.firstElementChild?.children ?? [])].map((slide) => {
    const rect = slide.getBoundingClientRect()
    return Math.abs(rect.left + rect.width / 2 - middle)
  })
  viewport.scrollLeft = 0
  return Math.max(0, slides.indexOf(Math.min(...slides)))
}

/** The WAI-ARIA carousel pattern on embla: buttons, dots, arrow keys (mirrored right to left), drag, no auto-rotation; without embla, a scrollable list. */
function Carousel({ label, slides, loop = true, align = 'center' }: CarouselProps) {
  const { ui } = useIslandText()
  // The page's locale's direction: embla and the arrow keys follow it.
  const { direction } = usePageLocale()
  // Embla starts where the visitor left the list, which may have been scrolled before it took over.
  const [start, setStart] = useState(0)
  // containScroll off: every slide is its own snap, so the dots and "n of N" stay one per slide.
  const [emblaRef, api] = useEmblaCarousel({ loop, align, containScroll: false, duration: 28, startIndex: start, direction })
  // Measured as the viewport attaches: embla is made in an effect of the render this asks for.
  const viewportRef = useCallback(
    (viewport: HTMLDivElement | null) => {
      if (viewport) setStart(takeScrolledSlide(viewport))
      emblaRef(viewport)
    },
    [emblaRef],
  )
  const [state, setState] = useState({ ready: false, selected: 0, canPrev: false, canNext: false })
  // Announce slide changes only once the visitor moves the carousel, not when it starts.
  const [announce, setAnnounce] = useState(false)

  useEffect(() => {
    if (!api) return
    const update = () =>
      setState({ ready: true, selected: api.selectedScrollSnap(), canPrev: api.canScrollPrev(), canNext: api.canScrollNext() })
    update()
    api.on('select', update).on('reInit', update)
    return () => {
      api.off('select', update).off('reInit', update)
    }
  }, [api])

  const go = (move: (jump: boolean) => void) => {
    setAnnounce(true)
    move(reducedMotion())
  }
  const previous = () => api && go((jump) => api.scrollPrev(jump))
  const next = () => api && go((jump) => api.scrollNext(jump))
  const onKeyDown = (event: KeyboardEvent) => {
    // The arrow that points back along the line: left in English, right in Arabic.
    const [back, forward] = direction === 'rtl' ? ['ArrowRight', 'ArrowLeft'] : ['ArrowLeft', 'ArrowRight']
    if (event.key === back) previous()
    else if (event.key === forward) next()
    else return
    event.preventDefault()
  }
  const current = slides[state.selected]

  return (
    <section className={styles.carousel} aria-roledescription={ui.carouselRole} aria-label={label} onKeyDown={onKeyDown} data-ready={state.ready || undefined}>
      <div className={styles.viewport} ref={viewportRef} tabIndex={0}>
        <div className={styles.container}>
          {slides.map((slide, index) => (
            <div
              key={slide.title}
              className={cx(styles.slide, state.ready && index === state.selected && styles.selected)}
              role="group"
              aria-roledescription={ui.slideRole}
              aria-label={ui.slideOf(index + 1, slides.length)}
            >
              <figure className={styles.figure}>
                <div className={styles.image}><ThemedImage {...slide.image} /></div>
                <figcaption className={styles.caption}>
                  <h3 className={styles.title} {...langOf(slide, 'title')}>{slide.title}</h3>
                  <p className={styles.description} {...langOf(slide, 'description')}>{slide.description}</p>
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
      </div>
      <div className={styles.controls}>
        <Tooltip label={ui.previousSlide}>
          <button type="button" className={styles.arrow} onClick={previous} disabled={!state.canPrev} aria-label={ui.previousSlide}><Icon name="chevronLeft" size={20} /></button>
        </Tooltip>
        <div className={styles.dots}>
          {slides.map((slide, index) => (
            <button
              key={slide.title}
              type="button"
              className={styles.dot}
              aria-label={ui.goToSlide(index + 1)}
              aria-current={state.ready && index === state.selected ? 'true' : undefined}
              onClick={() => api && go((jump) => api.scrollTo(index, jump))}
            />
          ))}
        </div>
        <Tooltip label={ui.nextSlide}>
          <button type="button" className={styles.arrow} onClick={next} disabled={!state.canNext} aria-label={ui.nextSlide}><Icon name="chevronRight" size={20} /></button>
        </Tooltip>
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">{announce && current ? `${ui.slideOf(state.selected + 1, slides.length)}: ${current.title}` : ''}</p>
    </section>
  )
}

/** The risk assessment carousel: hydrates, with embla, when it nears the viewport. */
export default island('Carousel', Carousel, 'visible')
