// Toasts only ever follow a click (copy) or a PDF load, so sonner is not part of any page's
// first load: it is fetched with the first toast, and the Toaster mounts then (LazyToaster).

type Sonner = typeof import('sonner')

let sonner: Promise<Sonner> | undefined
let toasterMounted!: () => void
const toasterReady = new Promise<void>((resolve) => (toasterMounted = resolve))
const waiting = new Set<(loaded: Sonner) => void>()

/** Loads sonner once and hands it to the Toaster waiting for it. */
function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner').then((loaded) => {
    for (const listener of waiting) listener(loaded)
    return loaded
  })
  return sonner
}

/** Lets LazyToaster render the Toaster once sonner is loaded; returns the unsubscribe. */
export function onSonnerLoaded(listener: (loaded: Sonner) => void): () => void {
  waiting.add(listener)
  return () => waiting.delete(listener)
}

/** Called by LazyToaster after the Toaster has mounted (and so listens for toasts). */
export function markToasterMounted(): void {
  toasterMounted()
}

/** Shows a toast: sonner is loaded on first use, and a toast sent before the Toaster listens would be lost. */
export async function notify(kind: 'success' | 'error', message: string): Promise<void> {
  const { toast } = await loadSonner()
  await toasterReady
  toast[kind](message)
}
