import script from 'virtual:kube-site/early-script'

/** The page's one inline script, first in <head>: pages/_lib/islands/earlyScript.ts as the build compiled it (cli/generator/bundle/compileEarlyScript.ts). */
export function EarlyScript() {
  return <script dangerouslySetInnerHTML={{ __html: script }} />
}
