// Which request failures are worth another try, and the wait: exponential backoff with full jitter, so parallel uploads do not retry in step.

export interface RetryOptions {
  /** Tries in all, the first included. Default: 5. */
  attempts?: number
  /** Ceiling of the first wait in ms; it doubles with every try. Default: 200. */
  baseMs?: number
  /** Longest wait in ms. Default: 5000. */
  maxMs?: number
  random?: () => number
  sleep?: (ms: number) => Promise<void>
  /** Told before each wait: the failure, the try that failed (1-based) and the wait. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void
}

const THROTTLING = new Set([
  'SlowDown',
  'Throttling',
  'ThrottlingException',
  'ThrottledException',
  'RequestThrottled',
  'RequestThrottledException',
  'TooManyRequestsException',
  'RequestLimitExceeded',
  'RequestTimeout',
  'RequestTimeoutException',
  'InternalError',
  'ServiceUnavailable',
])
// Connections that broke or hung. A refused connection or an unknown host is a wrong endpoint far more often than a blip, and retrying it would only delay the error.
const NETWORK = new Set(['ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ECONNABORTED', 'EAI_AGAIN', 'UND_ERR_SOCKET'])

interface ErrorShape {
  name?: unknown
  code?: unknown
  Code?: unknown
  $metadata?: { httpStatusCode?: number }
}

/** Whether a failed request may succeed if sent again: 5xx, 429, throttling, a dropped connection. */
export function isTransient(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { name, code, Code, $metadata } = error as ErrorShape
  const status = $metadata?.httpStatusCode
  if (status !== undefined && (status >= 500 || status === 429)) return true
  if ([name, Code].some((value) => typeof value === 'string' && THROTTLING.has(value))) return true
  if (typeof code === 'string' && NETWORK.has(code)) return true
  return name === 'TimeoutError'
}

/** The wait before try `attempt + 1`: uniform in [0, min(maxMs, baseMs * 2^(attempt - 1))). */
export function backoffDelay(attempt: number, { baseMs = 200, maxMs = 5000, random = Math.random }: RetryOptions = {}): number {
  return Math.floor(random() * Math.min(maxMs, baseMs * 2 ** (attempt - 1)))
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Calls `task` until it succeeds, it fails for good, or the tries run out; throws the last failure. */
export async function withRetry<T>(task: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { attempts = 5, sleep = wait, onRetry } = options
  for (let attempt = 1; ; attempt++) {
    try {
      return await task()
    } catch (error) {
      if (attempt >= attempts || !isTransient(error)) throw error
      const delay = backoffDelay(attempt, options)
      onRetry?.(error, attempt, delay)
      await sleep(delay)
    }
  }
}
