import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createPolicy, hashSource, parsePolicy, serializePolicy, sourceProblem, sourcesFor } from './contentSecurityPolicy.ts'

describe('createPolicy', () => {
  it('is strict: nothing but the site, the inline scripts by hash, and the hosts it is given', () => {
    const policy = serializePolicy(createPolicy({ inlineScripts: ['alert(1)'], imageOrigins: ['https://images.example.com'], mediaOrigins: ['https://video.example.com'] }))
    const hash = createHash('sha256').update('alert(1)').digest('base64')
    expect(policy).toBe(
      [
        "default-src 'none'",
        `script-src 'self' 'sha256-${hash}'`,
        "style-src 'self'",
        "img-src 'self' data: https://images.example.com",
        "media-src 'self' https://video.example.com",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "base-uri 'none'",
        "object-src 'none'",
        "form-action 'none'",
      ].join('; '),
    )
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/)
  })

  it("adds the config's sources to their directive, in place of 'none', each once; WebAssembly adds 'wasm-unsafe-eval' alone", () => {
    const policy = parsePolicy(serializePolicy(createPolicy({ extra: { 'connect-src': ['https://plausible.io', "'self'"], 'frame-src': ['https://www.youtube-nocookie.com'] }, wasm: true })))
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://plausible.io'])
    expect(policy.get('frame-src')).toEqual(['https://www.youtube-nocookie.com'])
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"])
  })
})

describe('hashSource', () => {
  it("hashes the UTF-8 bytes of the text, as a browser hashes an inline element's content", () => {
    expect(hashSource('é')).toBe(`'sha256-${createHash('sha256').update(Buffer.from([0xc3, 0xa9])).digest('base64')}'`)
  })
})

describe('parsePolicy and sourcesFor', () => {
  it("reads directives case-blind, keeps a repeated directive's first, and falls back on default-src for fetch directives only", () => {
    const policy = parsePolicy("Default-Src 'self'; img-src https://a.test; img-src https://b.test;  ; base-uri 'none'")
    expect(sourcesFor(policy, 'img-src')).toEqual(['https://a.test'])
    expect(sourcesFor(policy, 'media-src')).toEqual(["'self'"])
    expect(sourcesFor(policy, 'form-action')).toEqual([])
    expect(sourcesFor(policy, 'base-uri')).toEqual(["'none'"])
  })
})

describe('sourceProblem', () => {
  it.each(['https://cdn.example.com', '*.example.com', 'https://*.example.com:8443/path/', 'example.com', 'https:', 'data:', "'self'", "'sha256-abc+/=='", 'http://localhost:3000'])('accepts %s', (source) => {
    expect(sourceProblem(source)).toBeUndefined()
  })

  it.each([
    ["'unsafe-inline'", 'would undo the policy'],
    ["'unsafe-eval'", 'would undo the policy'],
    ["'none'", 'set by the build'],
    ['*', 'allows every host'],
    ['https://cdn.example.com/a path', 'is not a CSP source'],
    ['"https://cdn.example.com"', 'is not a CSP source'],
    ['https://cdn.example.com;', 'is not a CSP source'],
    ["self", undefined],
  ])('refuses %s', (source, problem) => {
    if (problem === undefined) expect(sourceProblem(source)).toBeUndefined()
    else expect(sourceProblem(source)).toContain(problem)
  })
})
