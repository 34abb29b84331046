// A DateTimeFormat is costly to build (locale data): one per language. Each day formatted once: a large blog's lists repeat the same dates.
const formats = new Map<string, Intl.DateTimeFormat>()
const formatted = new Map<string, string>()

/** 'YYYY-MM-DD' → the day as `language` writes it in full ('January 5, 2026', '5. Januar 2026'), the same on the server and in every time zone. */
export function formatDay(day: string, language: string): string {
  const key = `${language}\0${day}`
  let text = formatted.get(key)
  if (text === undefined) {
    let format = formats.get(language)
    if (!format) formats.set(language, (format = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })))
    const [year, month, date] = day.split('-').map(Number) as [number, number, number]
    formatted.set(key, (text = format.format(new Date(Date.UTC(year, month - 1, date)))))
  }
  return text
}
