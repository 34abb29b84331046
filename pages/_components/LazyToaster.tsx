import { useEffect, useState } from 'react'
import { markToasterMounted, onSonnerLoaded } from '../_lib/notify.ts'
import { DEFAULT_THEME } from '../_lib/theme.ts'
import { useTheme } from '../_lib/useTheme.ts'

type Sonner = typeof import('sonner')

/** The site's one toast system (DECISIONS.md), mounted once sonner is loaded by the first toast. */
export function LazyToaster() {
  const theme = useTheme()
  const [sonner, setSonner] = useState<Sonner>()
  useEffect(() => onSonnerLoaded((loaded) => setSonner(() => loaded)), [])
  // Effects run children first: by now the Toaster below has subscribed to toasts.
  useEffect(() => {
    if (sonner) markToasterMounted()
  }, [sonner])
  if (!sonner) return null
  return <sonner.Toaster theme={theme ?? DEFAULT_THEME} position="bottom-right" closeButton />
}
