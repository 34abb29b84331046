import useEmblaCarousel from 'embla-carousel-react'
import { useEffect, useLayoutEffect } from 'react'

export type EmblaApi = NonNullable<ReturnType<typeof useEmblaCarousel>[1]>
export type EmblaOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>

interface CarouselEngineProps {
  viewport: HTMLElement
  options: EmblaOptions
  onApi(api: EmblaApi | undefined): void
}

/** Runs embla on a carousel's viewport; a module of its own, loaded once the carousel is near (see Carousel). */
export default function CarouselEngine({ viewport, options, onApi }: CarouselEngineProps) {
  const [attach, api] = useEmblaCarousel(options)
  useLayoutEffect(() => attach(viewport), [attach, viewport])
  useEffect(() => onApi(api), [api, onApi])
  return null
}
