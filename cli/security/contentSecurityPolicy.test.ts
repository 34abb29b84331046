import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createPolicy, hashSource, originSource, parsePolicy, parseSource, policyProblems, serializePolicy, sourceProblem, sourcesFor } from './contentSecurityPolicy.ts'

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

  it('splits sources on ASCII whitespace only, as CSP3 does: a no-break space is part of a source', () => {
    expect(parsePolicy("img-src 'self'\u00a0https://a.example\tdata:").get('img-src')).toEqual(["'self'\u00a0https://a.example", 'data:'])
  })
})

describe('parseSource: CSP3 source expressions, by their grammar', () => {
  it.each([
    ['https://cdn.example.com', { kind: 'host', scheme: 'https', host: 'cdn.example.com' }],
    ['*.example.com:8443/path/', { kind: 'host', host: '*.example.com', port: '8443', path: '/path/' }],
    ['http://localhost:*', { kind: 'host', scheme: 'http', host: 'localhost', port: '*' }],
    ['https://*', { kind: 'host', scheme: 'https', host: '*' }],
    ['img.example.', { kind: 'host', host: 'img.example.' }],
    ['https:', { kind: 'scheme', scheme: 'https' }],
    ["'SELF'", { kind: 'keyword', keyword: "'self'" }],
    ["'sha256-abc+/_-=='", { kind: 'hash' }],
    ["'nonce-abc'", { kind: 'nonce' }],
  ])('reads %s', (source, parsed) => {
    expect(parseSource(source)).toEqual(parsed)
  })

  it.each([
    'https://img.example;connect-src',
    'https://a,b.example',
    "https://a'b.example",
    'https://a"b.example',
    'https://a b.example',
    'https://a_b.example',
    'https://bücher.example',
    'https://[::1]',
    'https://',
    'https://*.',
    'https://*.*.example',
    'https://a..example',
    "https://a.example/'unsafe-inline'/x.png",
    'https://a.example/a;b',
    'https://a.example/a,b',
    'https://a.example//x',
    'https://a.example:',
    'https://a.example:8o',
    "'unsafe-everything'",
    "'sha1-abc'",
    "'self",
    '',
  ])('refuses %s', (source) => {
    expect(parseSource(source)).toBeUndefined()
  })
})

describe('originSource: what a URL of the content adds to a policy is the host source of its origin, never text of the URL', () => {
  it.each([
    ['https://img.example/a.png', 'https://img.example'],
    ['http://img.example/a.png', 'http://img.example'],
    ['//img.example/a.png', 'https://img.example'],
    ['https://IMG.Example/A.png', 'https://img.example'],
    ['https://img.example:8443/a.png', 'https://img.example:8443'],
    ['https://img.example:443/a.png', 'https://img.example'],
    ['https://bücher.example/a.png', 'https://xn--bcher-kva.example'],
    ['https://192.0.2.7/a.png', 'https://192.0.2.7'],
    ["https://a.example/'unsafe-inline'/x.png", 'https://a.example'],
    ['https://a.example/x.png;connect-src%20*', 'https://a.example'],
    ['https://a.example/x y.png?a=1;b,c#"d"', 'https://a.example'],
    ['\\\\img.example/a.png', 'https://img.example'],
  ])('%s → %s', (url, source) => {
    expect(originSource(url)).toEqual({ source })
  })

  it.each(['/images/a.png', './a.png', 'a.png', '#x', '?a', 'data:image/png;base64,AAAA', 'blob:https://a.example/1', 'ftp://img.example/a.png', 'mailto:a@example.com'])(
    'adds nothing for %s (the site itself, or a scheme the policy names otherwise)',
    (url) => {
      expect(originSource(url)).toBeUndefined()
    },
  )

  it.each([
    ['https://img.example;connect-src/a.png', 'its host "img.example;connect-src" is not one a Content-Security-Policy can name'],
    ['https://img.example,connect-src/a.png', 'its host "img.example,connect-src" is not one'],
    ["https://img.example'/a.png", `its host "img.example'" is not one`],
    ['https://img.example"/a.png', 'its host "img.example\\"" is not one'],
    ['https://img.example%3Bscript-src/a.png', 'its host "img.example;script-src" is not one'],
    ['https://img_1.example/a.png', 'its host "img_1.example" is not one'],
    ['https://img .example/a.png', 'is not a URL a browser can load'],
    ['https://[::1]/a.png', 'is an IPv6 address, which a Content-Security-Policy cannot name'],
    ['https://img.example./a.png', 'ends in a dot'],
    ['https://user:pw@img.example/a.png', 'carries a user name or password'],
    ['https://user@img.example/a.png', 'carries a user name or password'],
  ])('refuses %s: %s', (url, reason) => {
    const result = originSource(url)
    expect(result && 'problem' in result && result.problem.reason).toContain(reason)
    expect(result && 'problem' in result && result.problem.hint).toBeTruthy()
  })

  it('refuses credentials (an error, not the origin without them): the URL stays in the page, which would publish them', () => {
    expect(originSource('https://user:pw@img.example/a.png')).not.toHaveProperty('source')
  })
})

describe('serializePolicy', () => {
  it.each(['https://img.example;connect-src', 'https://a.example/x y', "'unsafe-inline' ", 'https://a"b.example', ''])(
    'refuses to write %j into a directive: an internal error (our bug), never text in a policy',
    (source) => {
      expect(() => serializePolicy(createPolicy({ imageOrigins: [source] }))).toThrow(expect.objectContaining({ code: 'INTERNAL' }))
    },
  )

  it("refuses a directive whose 'none' stands beside other sources", () => {
    expect(() => serializePolicy({ 'img-src': ["'none'", 'https://a.example'] })).toThrow(expect.objectContaining({ code: 'INTERNAL' }))
  })
})

describe('sourceProblem: what a config may add, by directive', () => {
  it.each([
    ['img-src', 'https://cdn.example.com'],
    ['img-src', '*.example.com'],
    ['img-src', 'https://*.example.com:8443/path/'],
    ['img-src', 'example.com'],
    ['img-src', 'https:'],
    ['img-src', 'data:'],
    ['img-src', 'https://*'],
    ['img-src', '*.com'],
    ['media-src', 'blob:'],
    ['worker-src', 'blob:'],
    ['connect-src', 'wss:'],
    ['script-src', "'self'"],
    ['script-src', "'sha256-abc+/=='"],
    ['script-src', 'https://plausible.io'],
    ['script-src', 'https://*.example.com'],
    ['script-src', 'http://localhost:3000'],
    ['script-src', 'https://cdn.example.com/lib/'],
    ['script-src', 'self'],
  ] as const)('accepts %s %s', (directive, source) => {
    expect(sourceProblem(source, directive)).toBeUndefined()
  })

  it.each([
    ['img-src', "'unsafe-inline'", 'would undo the policy'],
    ['script-src', "'unsafe-eval'", 'would undo the policy'],
    ['script-src', "'unsafe-hashes'", 'would undo the policy'],
    ['img-src', "'none'", 'set by the build'],
    ['script-src', "'strict-dynamic'", 'set by the build'],
    ['script-src', "'nonce-abc'", 'a nonce'],
    ['img-src', '*', 'allows every host'],
    ['img-src', 'https://cdn.example.com/a path', 'is not a CSP source'],
    ['img-src', '"https://cdn.example.com"', 'is not a CSP source'],
    ['img-src', 'https://cdn.example.com;', 'is not a CSP source'],
    ['img-src', 'https://cdn.example.com,', 'is not a CSP source'],
    ['img-src', "https://cdn.example.com/'unsafe-inline'/", 'is not a CSP source'],
    ['img-src', 'https://bücher.example', 'is not a CSP source'],
    ['img-src', 'https://[::1]', 'is not a CSP source'],
    ['img-src', 'https://img.example.', 'ends in a dot'],
    // What CSP Evaluator rates as a bypass of script-src.
    ['script-src', '*', 'allows every host'],
    ['script-src', 'https://*', 'allows every host'],
    ['script-src', 'http://*:*', 'allows every host'],
    ['script-src', '*.com', 'every site under a public suffix'],
    ['script-src', 'https://*.io', 'every site under a public suffix'],
    ['script-src', 'https:', 'allows a script from any host'],
    ['script-src', 'http:', 'allows a script from any host'],
    ['script-src', 'data:', 'hold their own content'],
    ['script-src', 'blob:', 'hold their own content'],
    ['script-src', 'filesystem:', 'hold their own content'],
  ] as const)('refuses %s %s', (directive, source, reason) => {
    expect(sourceProblem(source, directive)?.reason).toContain(reason)
    expect(sourceProblem(source, directive)?.hint).toBeTruthy()
  })

  it('suggests the punycode of a host that is not ASCII', () => {
    expect(sourceProblem('https://*.bücher.example', 'img-src')?.hint).toContain('https://*.xn--bcher-kva.example')
  })
})

describe('policyProblems: a policy as a page carries it, read by CSP3\'s grammar', () => {
  it('finds nothing wrong with a policy the build writes', () => {
    const policy = serializePolicy(createPolicy({ inlineScripts: ['a()'], imageOrigins: ['https://img.example:8443'], extra: { 'script-src': ['https://plausible.io'] }, wasm: true, forms: true }))
    expect(policyProblems(policy)).toEqual([])
    expect(policyProblems("default-src 'none'; upgrade-insecure-requests; report-uri /csp-report; sandbox allow-scripts")).toEqual([])
  })

  it.each([
    ["img-src 'self' https://img.example;connect-src; connect-src 'self'", ['names connect-src twice']],
    ["img-src 'self' https://a,b.example", ['img-src: "https://a,b.example" is not a CSP source']],
    ["img-src 'self' https://a.example/'x'", [`img-src: "https://a.example/'x'" is not a CSP source`]],
    ["img-src 'self'\u00a0https://a.example", [`img-src: "'self'\u00a0https://a.example" is not a CSP source`]],
    ["script-src 'self' https://*", ['script-src: https://* allows every host']],
    ['default-src https:', ['default-src: https: allows a script from any host']],
    ['object-src data:', ['object-src: data: URLs hold their own content']],
    ['base-uri *.com', ['base-uri: *.com covers every site under a public suffix']],
    ["script-src 'self' 'unsafe-inline'", ["script-src: 'unsafe-inline' would undo the policy"]],
  ])('%j', (policy, problems) => {
    const found = policyProblems(policy)
    expect(found).toHaveLength(problems.length)
    problems.forEach((problem, index) => expect(found[index]).toContain(problem))
  })
})
