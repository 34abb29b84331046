// Building a DateTimeFormat is costly (it loads locale data); one serves every date of a build.
const format = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/** 'YYYY-MM-DD' → 'January 5, 2026' (en-US), the same on the server and in every time zone. */
export function formatDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return format.format(new Date(Date.UTC(year, month - 1, date)))
}
