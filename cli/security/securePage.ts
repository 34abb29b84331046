import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { KubeSiteError } from '../errors.ts'
import { insertPolicy } from './insertPolicy.ts'
import { readPage, type PolicyBreach } from './policyBreaches.ts'
import { pagePolicy, type PagePolicies } from './sitePolicies.ts'

/** A page as secured: its HTML, and what reading it found that the build records. */
export interface SecuredPage {
  html: string
  /** The files of the output (relative to it, with `/`) the page links as stylesheets it applies, in order, each once. */
  stylesheets: string[]
}

export interface PageSecurity {
  /** The page's finished HTML, with its policy and its subresources' integrity; throws if it breaks its policy. */
  secure(filePath: string, html: string): SecuredPage
  /** A file the build writes beside the pages (a combined stylesheet), whose integrity a page may need before it is on disk. */
  written(filePath: string, content: string): void
}

/** The build's last step for every page: its policy first in <head>, the page refused if it breaks it, and sha384 `integrity` on its own scripts and styles. */
export function createPageSecurity(policies: PagePolicies, siteUrl: string, root: string, base: string): PageSecurity {
  const origin = new URL(siteUrl).origin
  const integrities = new Map<string, string | undefined>()
  const integrityOfFile = (file: string) => {
    if (!integrities.has(file)) integrities.set(file, existsSync(file) ? sha384(readFileSync(file)) : undefined)
    return integrities.get(file)
  }
  /** The file in the output that a URL of the site names, or undefined for another site's. */
  const files = new Map<string, string | undefined>()
  const fileOf = (url: string) => {
    if (!files.has(url)) files.set(url, resolveFile(url))
    return files.get(url)
  }
  /** The same file, relative to the output folder (with `/`), as the manifest names it. */
  const outputFiles = new Map<string, string | undefined>()
  const outputFileOf = (url: string) => {
    if (!outputFiles.has(url)) {
      const file = fileOf(url)
      outputFiles.set(url, file && relative(root, file).split(sep).join('/'))
    }
    return outputFiles.get(url)
  }
  const resolveFile = (url: string) => {
    let path: string
    try {
      const resolved = new URL(url, `${origin}${base}`)
      if (resolved.origin !== origin || !resolved.pathname.startsWith(base)) return undefined
      path = decodeURIComponent(resolved.pathname.slice(base.length))
    } catch {
      return undefined
    }
    const file = join(root, path)
    return file.startsWith(root + sep) ? file : undefined
  }
  return {
    written(filePath, content) {
      integrities.set(filePath, sha384(Buffer.from(content)))
    },
    secure(filePath, html) {
      const page = relative(root, filePath).split(sep).join('/')
      const secured = insertPolicy(html, pagePolicy(policies, page, html))
      const { breaches, subresources } = readPage(secured, { origin })
      if (breaches.length > 0) throw policyError(page, breaches)
      // One pass: the page is copied once, whatever the number of attributes added.
      const parts: string[] = []
      const stylesheets = new Set<string>()
      let from = 0
      for (const { at, url, integrity, stylesheet } of subresources) {
        // Read here, where the whole page is parsed: a rebuild that takes the page over keeps them (pagePlan.ts).
        const linked = stylesheet ? outputFileOf(url) : undefined
        if (linked) stylesheets.add(linked)
        const file = integrity === undefined ? fileOf(url) : undefined
        const value = file && integrityOfFile(file)
        if (!value) continue
        parts.push(secured.slice(from, at), ` integrity="${value}"`)
        from = at
      }
      parts.push(secured.slice(from))
      return { html: parts.join(''), stylesheets: [...stylesheets] }
    },
  }
}

const sha384 = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`

/** The error of a page that breaks its own policy: each element, what is wrong, and what to do. */
export function policyError(page: string, breaches: PolicyBreach[]): KubeSiteError {
  const lines = breaches.slice(0, 10).map((breach) => `  ${breach.element} ${breach.problem}`)
  if (breaches.length > 10) lines.push(`  … and ${breaches.length - 10} more`)
  const hints = [...new Set(breaches.map((breach) => breach.hint))]
  return new KubeSiteError('PAGE_BREAKS_POLICY', `The page holds what its Content-Security-Policy would block:\n${lines.join('\n')}`, { location: { file: page }, hint: hints.join('\n') })
}
