/** How long a server may take to close on Ctrl-C before the process ends anyway. */
export const CLOSE_GRACE_MS = 1000

/** Runs `close`, and resolves once it has finished or `graceMs` have passed, whichever comes first: 'closed' or 'timed out'. A close that fails counts as finished. */
export function closeWithin(close: () => Promise<unknown>, graceMs: number): Promise<'closed' | 'timed out'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timed out'), graceMs)
    const closed = () => {
      clearTimeout(timer)
      resolve('closed')
    }
    close().then(closed, closed)
  })
}

/** Ends the process on SIGINT or SIGTERM once `close` finished or after CLOSE_GRACE_MS (requests in flight; Ctrl-C must be answered); at once with nothing to close. */
export function exitOnSignal(close?: () => Promise<unknown>): void {
  const stop = () => void (close ? closeWithin(close, CLOSE_GRACE_MS) : Promise.resolve()).then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}
