/** The calendar day of a frontmatter date: 'YYYY-MM-DD', or an ISO date-time whose day part is taken as written. */
export function parseCalendarDate(value: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim())
  if (!match) return undefined
  const [, year, month, day] = match
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  const valid = date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day)
  return valid ? `${year}-${month}-${day}` : undefined
}

/** Today's calendar day in the local time zone of the machine, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}
