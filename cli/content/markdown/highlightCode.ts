// Build-time highlighting with highlight.js's core and the languages posts use: `hljs-*` classes themed by styles/_prose.scss, no highlighter shipped.
import type { HLJSApi, LanguageFn } from 'highlight.js'
import { escapeHtml } from '../../util/escapeHtml.ts'
import { onFirstUse } from '../../util/onFirstUse.ts'

const REGISTERED = ['bash', 'diff', 'dockerfile', 'go', 'ini', 'javascript', 'json', 'python', 'shell', 'typescript', 'xml', 'yaml']

// A private instance, loaded for the first block (a dev server with every post cached never needs it).
const highlighter = onFirstUse((require) => {
  const instance = (require('highlight.js/lib/core') as HLJSApi).newInstance()
  for (const name of REGISTERED) instance.registerLanguage(name, require(`highlight.js/lib/languages/${name}`) as LanguageFn)
  return instance
})

// What writers put after ``` → the registered language. `sh` and `shell` are scripts (most posts write commands without a prompt); `console` is a session with `$ ` prompts.
const LANGUAGES: Record<string, string> = {
  yaml: 'yaml',
  yml: 'yaml',
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'shell',
  'shell-session': 'shell',
  json: 'json',
  jsonc: 'json',
  go: 'go',
  golang: 'go',
  dockerfile: 'dockerfile',
  docker: 'dockerfile',
  containerfile: 'dockerfile',
  diff: 'diff',
  patch: 'diff',
  ini: 'ini',
  toml: 'ini',
  js: 'javascript',
  javascript: 'javascript',
  ts: 'typescript',
  typescript: 'typescript',
  py: 'python',
  python: 'python',
  xml: 'xml',
  html: 'xml',
}

export interface HighlightedCode {
  /** Escaped HTML of the code, with `hljs-*` spans when the language is known. */
  html: string
  /** The registered language used, or undefined when the block is shown as plain text. */
  language?: string
}

// Posts repeat blocks and dev re-renders on each change: a block is tokenized once per process, bounded.
const CACHE_LIMIT = 5000
const cache = new Map<string, HighlightedCode>()

/** Highlights one fenced block; unknown or missing languages give escaped plain text. */
export function highlightCode(code: string, info = ''): HighlightedCode {
  const language = LANGUAGES[info.trim().toLowerCase()]
  if (!language) return { html: escapeHtml(code) }
  const key = `${language}\0${code}`
  const cached = cache.get(key)
  if (cached) return cached
  const result = { html: highlighter().highlight(code, { language, ignoreIllegals: true }).value, language }
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(key, result)
  return result
}
