import { describe, expect, it } from 'vitest'
import { insertPolicy } from './insertPolicy.ts'

describe('insertPolicy', () => {
  it('puts the policy first in <head>, after only the charset, which it moves to the front', () => {
    const html = '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/a.css"><meta charset="UTF-8" /><title>t</title></head><body></body></html>'
    expect(insertPolicy(html, "default-src 'none'; img-src 'self' https://a.test")).toBe(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' https://a.test"><link rel="stylesheet" href="/a.css"><title>t</title></head><body></body></html>`,
    )
  })

  it('writes a charset for a page without one', () => {
    expect(insertPolicy('<html><head><title>t</title></head></html>', "default-src 'none'")).toBe(
      `<html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'"><title>t</title></head></html>`,
    )
  })
})
