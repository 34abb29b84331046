import { internalError } from '../errors.ts'
import { escapeAttribute } from '../util/escapeHtml.ts'

/** The meta tag that carries a page's policy (object storage sends no headers). */
export const policyMeta = (policy: string): string => `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">`

const CHARSET = /<meta charset=["']?utf-8["']?\s*\/?>/i

/** `html` with its policy first in <head>, after only the charset: a policy applies to what follows it, so nothing loads before it. */
export function insertPolicy(html: string, policy: string): string {
  const head = html.indexOf('<head>')
  if (head === -1) throw internalError('a page has no <head> to carry its Content-Security-Policy')
  const withoutCharset = html.replace(CHARSET, '')
  const at = head + '<head>'.length
  return `${withoutCharset.slice(0, at)}<meta charset="utf-8">${policyMeta(policy)}${withoutCharset.slice(at)}`
}
