import { describe, expect, it } from 'vitest'
import { parseCalendarDate, today } from './dates.ts'

describe('parseCalendarDate', () => {
  it.each([
    ['2025-01-05', '2025-01-05'],
    [' 2025-01-05 ', '2025-01-05'],
    ['2024-02-29', '2024-02-29'],
    ['2025-01-05T23:30:00-08:00', '2025-01-05'],
    ['2025-01-05T00:30:00Z', '2025-01-05'],
    ['2025-13-45', undefined],
    ['2025-02-29', undefined],
    ['2025-1-5', undefined],
    ['05/01/2025', undefined],
    ['yesterday', undefined],
  ])('%s → %s', (input, day) => expect(parseCalendarDate(input)).toBe(day))
})

describe('today', () => {
  it('is the local calendar day', () => expect(today(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05'))
})
