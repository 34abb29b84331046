import script from 'virtual:kube-site/early-script'

/**
 * The page's one inline script, first in <head>: the stored theme before the first paint, and
 * every click heard before React is live. Written in pages/_lib/islands/earlyScript.ts and compiled by the
 * build (cli/generator/bundle/compileEarlyScript.ts); this writes the compiled text as it is.
 */
export function EarlyScript() {
  return <script dangerouslySetInnerHTML={{ __html: script }} />
}
