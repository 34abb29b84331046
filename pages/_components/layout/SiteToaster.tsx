import { useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import * as sonner from 'sonner'
// sonner's rules as a stylesheet of the site: its own <style> would be blocked by the page's policy (cli/generator/bundle/noInjectedStyles.ts).
import 'sonner/dist/styles.css'
import { DEFAULT_THEME } from '../../_lib/browser/theme.ts'
import { useTheme } from '../../_lib/browser/useTheme.ts'

/** The site's one toast system (DECISIONS.md), following the page's theme. */
function SiteToaster({ onMounted }: { onMounted: () => void }) {
  const theme = useTheme()
  // Effects run children first: by now the Toaster has subscribed to toasts.
  useEffect(onMounted, [onMounted])
  return <sonner.Toaster theme={theme ?? DEFAULT_THEME} position="bottom-right" closeButton />
}

/** Mounts the Toaster at the end of <body>; resolves with sonner once it listens. */
export function mountSiteToaster(): Promise<typeof sonner> {
  const host = document.createElement('div')
  document.body.append(host)
  return new Promise((resolve) => createRoot(host).render(<SiteToaster onMounted={() => resolve(sonner)} />))
}
