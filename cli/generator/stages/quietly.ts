/**
 * `promise`, marked as handled: a stage's result that a failed build never awaits (it stopped at
 * an earlier failure) is not an unhandled rejection. Whoever awaits it still gets the failure.
 */
export function quietly<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {})
  return promise
}
