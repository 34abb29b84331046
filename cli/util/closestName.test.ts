import { describe, expect, it } from 'vitest'
import { closestName } from './closestName.ts'

const keys = ['eyebrow', 'title', 'description', 'email', 'emailLabel', 'scheduleLabel', 'githubLabel']

describe('closestName', () => {
  it.each([
    ['emial', 'email'], // two letters swapped
    ['emal', 'email'], // one missing
    ['emaill', 'email'], // one extra
    ['Email', 'email'], // another case
    ['EMAILLABEL', 'emailLabel'],
    ['titel', 'title'],
    ['descripton', 'description'],
    ['githublabel', 'githubLabel'],
  ])('%s → %s', (word, expected) => expect(closestName(word, keys)).toBe(expected))

  it.each(['phone', 'x', 'scheduled-label-text', ''])('no suggestion for %j', (word) => expect(closestName(word, keys)).toBeUndefined())
})
