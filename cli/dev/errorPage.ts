import { stripVTControlCharacters } from 'node:util'
import { formatError } from '../reportError.ts'
import { escapeHtml } from '../util/escapeHtml.ts'

/** The dev server's page while the content is broken: its live-content script reloads it once fixed, even for a fix saved while it was connecting. */
export function errorPage(error: unknown, heading = 'the content has a problem'): string {
  const text = escapeHtml(stripVTControlCharacters(formatError(error)))
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Content error | kube-site dev</title>
<style>
  body { margin: 0; padding: 2rem; background: #0b1120; color: #e8edf5; font: 15px/1.6 ui-sans-serif, system-ui, sans-serif; }
  h1 { font-size: 1.25rem; color: #f87171; margin: 0 0 1rem; }
  pre { white-space: pre-wrap; background: #131d33; border: 1px solid #2c3a5a; border-radius: 10px; padding: 1rem 1.25rem; font: 14px/1.5 ui-monospace, monospace; }
  p { color: #a3b1c6; }
</style>
</head>
<body>
<main>
<h1 id="kube-site-content-error">kube-site: ${escapeHtml(heading)}</h1>
<pre>${text}</pre>
<p>Fix the file and save: this page reloads by itself. The dev server keeps running.</p>
</main>
</body>
</html>
`
}
