// A DateTimeFormat is costly to build (locale data): one per language. Each day formatted once: a large blog's lists repeat the same dates.
// By language, then by day: a key made of both would be a new string to hash at every call.
const formats = new Map<string, { format: Intl.DateTimeFormat; days: Map<string, string> }>()

/** 'YYYY-MM-DD' → the day as `language` writes it in full ('January 5, 2026', '5. Januar 2026'), the same on the server and in every time zone. */
export function formatDay(day: string, language: string): string {
  let ofLanguage = formats.get(language)
  if (!ofLanguage) formats.set(language, (ofLanguage = { format: new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }), days: new Map() }))
  let text = ofLanguage.days.get(day)
  if (text === undefined) {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number]
    ofLanguage.days.set(day, (text = ofLanguage.format.format(new Date(Date.UTC(year, month - 1, date)))))
  }
  return text
}
