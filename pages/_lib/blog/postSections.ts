// A post's table of contents (cli/content/markdown/tableOfContents.ts): open beside the text on a wide screen, the section being read marked.

/** Where the table of contents stands beside the text: the xl breakpoint (styles/_tokens.scss). */
const WIDE = '(min-width: 1280px)'
/** A section is being read once its heading has passed this far down the window. */
const READING_LINE = 0.3

/** Starts the table of contents of `body`, if it has one; returns what stops it. */
export function followSections(body: HTMLElement): () => void {
  const details = body.querySelector<HTMLDetailsElement>('nav.toc details')
  if (!details) return () => {}
  const wide = matchMedia(WIDE)
  const openWhenWide = () => {
    if (wide.matches) details.open = true
  }
  openWhenWide()
  wide.addEventListener('change', openWhenWide)

  const links = new Map<Element, HTMLAnchorElement>()
  for (const link of details.querySelectorAll('a')) {
    const heading = document.getElementById(decodeURIComponent(link.hash.slice(1)))
    if (heading) links.set(heading, link)
  }
  let current: HTMLAnchorElement | undefined
  // The last heading above the reading line is the section being read (none above the first).
  const mark = () => {
    let reading: HTMLAnchorElement | undefined
    for (const [heading, link] of links) {
      if (heading.getBoundingClientRect().top > innerHeight * READING_LINE + 1) break
      reading = link
    }
    if (reading === current) return
    current?.removeAttribute('aria-current')
    reading?.setAttribute('aria-current', 'true')
    current = reading
  }
  // Called as a heading crosses the reading line (the bottom of the band it watches), either way.
  const observer = new IntersectionObserver(mark, { rootMargin: `0px 0px -${100 - READING_LINE * 100}% 0px` })
  for (const heading of links.keys()) observer.observe(heading)
  return () => {
    observer.disconnect()
    wide.removeEventListener('change', openWhenWide)
  }
}
