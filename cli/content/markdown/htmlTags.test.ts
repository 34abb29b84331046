import { describe, expect, it } from 'vitest'
import { attributeValueOffset, htmlTags } from './htmlTags.ts'

describe('htmlTags', () => {
  it('reads every element opened, its attributes decoded, where it and each attribute start', () => {
    expect(htmlTags('<p class=x ID="m&#97;in">a</p><!-- <b id=c> -->\n<a\n  name=read-next>')).toEqual([
      { name: 'p', attributes: { class: 'x', id: 'main' }, offset: 0, attributeOffsets: { class: 3, id: 11 } },
      { name: 'a', attributes: { name: 'read-next' }, offset: 48, attributeOffsets: { name: 53 } },
    ])
  })
})

describe('attributeValueOffset', () => {
  it.each([
    ['<img src="a.png">', 5, 10],
    ['<img src = \'a.png\'>', 5, 12],
    ['<img SRC=a.png>', 5, 9],
    ['<img\n  src=\n"a.png">', 7, 13],
  ])('%j: the value of the attribute at %i starts at %i', (html, name, value) => {
    expect(attributeValueOffset(html, name)).toBe(value)
  })
})
