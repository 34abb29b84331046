import { describe, expect, it } from 'vitest'
import { coverIn, hasCover, postCover, type CoverFields } from './postCover.ts'

const I = '/i.png'
const L = '/l.png'
const D = '/d.png'

describe('a post cover', () => {
  it.each<[string, CoverFields, [light: string | undefined, dark: string | undefined, social: string | undefined, has: boolean]]>([
    ['image only', { image: I }, [I, I, I, true]],
    ['light only', { lightImage: L }, [L, L, L, true]],
    ['dark only', { darkImage: D }, [D, D, D, true]],
    ['light and dark', { lightImage: L, darkImage: D }, [L, D, L, true]],
    ['image and dark', { image: I, darkImage: D }, [I, D, I, true]],
    ['all three', { image: I, lightImage: L, darkImage: D }, [L, D, I, true]],
    ['none', {}, [undefined, undefined, undefined, false]],
  ])('%s: shown in light and dark, stands for the post, has a cover', (_, post, [light, dark, social, has]) => {
    expect([coverIn(post, 'light'), coverIn(post, 'dark'), postCover(post), hasCover(post)]).toEqual([light, dark, social, has])
  })
})
