import { describe, expect, it } from 'vitest'
import { isPageInRange, pageNumbers, type PageItem } from './pageNumbers.ts'

// Written from SPEC §4 by hand, not from the implementation: '…' is an ellipsis.
// total: [expected for current = 1, 2, ..., total]
const table: Record<number, string[]> = {
  1: ['1'],
  2: ['1 2', '1 2'],
  3: ['1 2 3', '1 2 3', '1 2 3'],
  4: ['1 2 3 4', '1 2 3 4', '1 2 3 4', '1 2 3 4'],
  5: ['1 2 3 4 5', '1 2 3 4 5', '1 2 3 4 5', '1 2 3 4 5', '1 2 3 4 5'],
  6: ['1 2 … 6', '1 2 3 … 6', '1 2 3 4 … 6', '1 … 3 4 5 6', '1 … 4 5 6', '1 … 5 6'],
  7: ['1 2 … 7', '1 2 3 … 7', '1 2 3 4 … 7', '1 … 3 4 5 … 7', '1 … 4 5 6 7', '1 … 5 6 7', '1 … 6 7'],
  8: ['1 2 … 8', '1 2 3 … 8', '1 2 3 4 … 8', '1 … 3 4 5 … 8', '1 … 4 5 6 … 8', '1 … 5 6 7 8', '1 … 6 7 8', '1 … 7 8'],
  9: [
    '1 2 … 9',
    '1 2 3 … 9',
    '1 2 3 4 … 9',
    '1 … 3 4 5 … 9',
    '1 … 4 5 6 … 9',
    '1 … 5 6 7 … 9',
    '1 … 6 7 8 9',
    '1 … 7 8 9',
    '1 … 8 9',
  ],
  10: [
    '1 2 … 10',
    '1 2 3 … 10',
    '1 2 3 4 … 10',
    '1 … 3 4 5 … 10',
    '1 … 4 5 6 … 10',
    '1 … 5 6 7 … 10',
    '1 … 6 7 8 … 10',
    '1 … 7 8 9 10',
    '1 … 8 9 10',
    '1 … 9 10',
  ],
}

const parse = (row: string): PageItem[] => row.split(' ').map((item) => (item === '…' ? 'ellipsis' : Number(item)))

const cases = Object.entries(table).flatMap(([total, rows]) =>
  rows.map((row, index) => ({ total: Number(total), current: index + 1, expected: row })),
)

describe('pageNumbers', () => {
  it('has a row for every current page of totals 1 to 10', () => {
    expect(cases).toHaveLength(55)
  })

  it.each(cases)('page $current of $total → $expected', ({ current, total, expected }) => {
    expect(pageNumbers(current, total)).toEqual(parse(expected))
  })

  it('ignores a current page outside 1..total (the list of page 1)', () => {
    for (const current of [0, -3, 8, 2.5, Number.NaN]) expect(pageNumbers(current, 7)).toEqual(parse('1 2 … 7'))
  })

  it('has no entries for an empty list', () => {
    expect(pageNumbers(1, 0)).toEqual([])
  })
})

describe('isPageInRange', () => {
  it.each([
    [1, 1, true],
    [7, 7, true],
    [0, 7, false],
    [8, 7, false],
    [1.5, 7, false],
  ])('page %s of %s → %s', (page, total, expected) => {
    expect(isPageInRange(page, total)).toBe(expected)
  })
})
