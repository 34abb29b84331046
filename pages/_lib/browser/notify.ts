// Toasts only follow a click or a PDF load, so sonner loads with the first toast, its Toaster in a root of its own on every page.

let toaster: Promise<typeof import('sonner')> | undefined

/** Mounts the site's one Toaster (DECISIONS.md), once; resolves with sonner once it listens. */
function loadToaster(): Promise<typeof import('sonner')> {
  toaster ??= import('../../_components/layout/SiteToaster.tsx').then(({ mountSiteToaster }) => mountSiteToaster())
  return toaster
}

/** Shows a toast: a toast sent before the Toaster listens would be lost, so it waits for it. */
export async function notify(kind: 'success' | 'error', message: string): Promise<void> {
  const { toast } = await loadToaster()
  toast[kind](message)
}
