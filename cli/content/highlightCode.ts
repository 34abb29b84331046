// Build-time syntax highlighting of fenced code. highlight.js's core with only the languages
// posts use: a synchronous tokenizer that costs well under a millisecond per block and emits
// `hljs-*` classes, so styles/_prose.scss themes them for light and dark and the browser gets
// no highlighter at all. (shiki, with its grammars and themes, costs several times more per
// block and embeds one theme's colours inline.)
import hljs from 'highlight.js/lib/core'
import bash from 'highlight.js/lib/languages/bash'
import diff from 'highlight.js/lib/languages/diff'
import dockerfile from 'highlight.js/lib/languages/dockerfile'
import go from 'highlight.js/lib/languages/go'
import ini from 'highlight.js/lib/languages/ini'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import python from 'highlight.js/lib/languages/python'
import shell from 'highlight.js/lib/languages/shell'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'
import { escapeHtml } from '../util/escapeHtml.ts'

// A private instance: nothing else in the process can change its languages or options.
const highlighter = hljs.newInstance()
for (const [name, language] of Object.entries({ bash, diff, dockerfile, go, ini, javascript, json, python, shell, typescript, xml, yaml })) {
  highlighter.registerLanguage(name, language)
}

// What writers put after ``` → the registered language. `sh` and `shell` are scripts (most posts
// write commands without a prompt); `console` is a session with `$ ` prompts.
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

/** The languages a fenced block may name (with their aliases), for docs and tests. */
export const HIGHLIGHTED_LANGUAGES: readonly string[] = Object.keys(LANGUAGES)

export interface HighlightedCode {
  /** Escaped HTML of the code, with `hljs-*` spans when the language is known. */
  html: string
  /** The registered language used, or undefined when the block is shown as plain text. */
  language?: string
}


// Posts repeat blocks (the same install command, the same manifest) and dev re-renders every
// post on each change: a block is tokenized once per process. Bounded so a huge site cannot
// hold every block of every post.
const CACHE_LIMIT = 5000
const cache = new Map<string, HighlightedCode>()

/** Highlights one fenced block; unknown or missing languages give escaped plain text. */
export function highlightCode(code: string, info = ''): HighlightedCode {
  const language = LANGUAGES[info.trim().toLowerCase()]
  if (!language) return { html: escapeHtml(code) }
  const key = `${language}\0${code}`
  const cached = cache.get(key)
  if (cached) return cached
  const result = { html: highlighter.highlight(code, { language, ignoreIllegals: true }).value, language }
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(key, result)
  return result
}
