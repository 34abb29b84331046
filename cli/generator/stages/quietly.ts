/** `promise` marked as handled, so a result a failed build never awaits is no unhandled rejection; whoever awaits it still gets the failure. */
export function quietly<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {})
  return promise
}
