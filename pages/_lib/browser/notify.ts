// Toasts only ever follow a click (copy) or a PDF load, so neither sonner nor its Toaster is part
// of any page's first load: the first toast fetches both, and the Toaster mounts in a root of its
// own, the same on an HTML-only page (where no React tree spans the page) as on the blog.

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
