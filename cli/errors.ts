/** Stable codes of every error kube-site reports to a user. */
export type ErrorCode =
  | 'CONFIG_NOT_FOUND'
  | 'CONFIG_LOAD_FAILED'
  | 'CONFIG_INVALID'
  | 'POSTS_DIR_NOT_FOUND'
  | 'POST_INVALID'
  | 'POSTS_INVALID'
  | 'POSTS_LOCALE_UNKNOWN'
  | 'BUILD_FAILED'
  | 'PAGE_BREAKS_POLICY'
  | 'SVG_INVALID'
  | 'SEARCH_FAILED'
  | 'BUILD_INTERRUPTED'
  | 'PREVIEW_NO_OUTPUT'
  | 'PORT_IN_USE'
  | 'DEPLOY_TARGET_INVALID'
  | 'DEPLOY_NO_OUTPUT'
  | 'DEPLOY_FILE_TOO_LARGE'
  | 'DEPLOY_CREDENTIALS_MISSING'
  | 'DEPLOY_ENDPOINT_UNREACHABLE'
  | 'DEPLOY_BUCKET_NOT_FOUND'
  | 'DEPLOY_ACCESS_DENIED'
  | 'DEPLOY_DELETE_LIMIT'
  | 'DEPLOY_FAILED'
  | 'DEPLOY_BASE_MISMATCH'
  | 'DEPLOY_RESERVED_PREFIX'
  | 'DEPLOY_REMOVES_PAGES'
  | 'INVALID_OPTION'
  | 'POST_EXISTS'
  | 'CHECK_FAILED'
  | 'INTERNAL'

/** Where in a file a problem is; line and column are 1-based. */
export interface SourceLocation {
  file: string
  line?: number
  column?: number
}

export interface KubeSiteErrorOptions {
  hint?: string
  location?: SourceLocation
  /** Short excerpt of the file around the location, already formatted. */
  frame?: string
  /** Several problems reported together (every broken post of a build). */
  problems?: KubeSiteError[]
  cause?: unknown
}

/** An error a user can act on: a code, a message, and where it happened. */
export class KubeSiteError extends Error {
  readonly code: ErrorCode
  readonly hint?: string
  readonly location?: SourceLocation
  readonly frame?: string
  readonly problems: KubeSiteError[]

  constructor(code: ErrorCode, message: string, options: KubeSiteErrorOptions = {}) {
    super(message, { cause: options.cause })
    this.name = 'KubeSiteError'
    this.code = code
    this.hint = options.hint
    this.location = options.location
    this.frame = options.frame
    this.problems = options.problems ?? []
  }
}

/**
 * An error as a thread posts it, with the stack of its cause (`--debug` prints it): a thread under vike's handlers of uncaught
 * errors cannot throw one (they log it, and the thread ends with code 0), and postMessage's structured clone keeps an Error's
 * message, not a KubeSiteError's fields.
 */
export type WiredError = Pick<KubeSiteError, 'message'> & Partial<Pick<KubeSiteError, 'code' | 'hint' | 'location' | 'frame'>> & { problems?: WiredError[]; causeStack?: string }

/** An error for the trip to the CLI's thread. */
export function toWire(error: unknown): WiredError {
  if (!(error instanceof KubeSiteError)) return { message: (error as Error)?.message ?? String(error) }
  const { message, code, hint, location, frame, problems, cause } = error
  return { message, code, hint, location, frame, problems: problems.map(toWire), causeStack: cause instanceof Error ? cause.stack : undefined }
}

/** A posted error made one again: a KubeSiteError with its fields, or what `otherwise` makes of another error's message. */
export function fromWire(wired: WiredError, otherwise: (message: string) => KubeSiteError): KubeSiteError {
  const { code, message, problems = [], causeStack, ...options } = wired
  if (!code) return otherwise(message)
  const cause = causeStack === undefined ? undefined : Object.assign(new Error(message), { stack: causeStack })
  return new KubeSiteError(code, message, { ...options, problems: problems.map((problem) => fromWire(problem, otherwise)), cause })
}

/** Formats a location as `file:line:column`, leaving out what is unknown. */
export function formatLocation({ file, line, column }: SourceLocation): string {
  if (line === undefined) return file
  return column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`
}

/** Thrown when something that cannot happen did: our bug, not the user's. */
export function internalError(message: string, cause?: unknown): KubeSiteError {
  return new KubeSiteError('INTERNAL', `Internal error: ${message}`, { hint: 'This is a bug in kube-site. Please report it with the command you ran and this message.', cause })
}
