import { KubeSiteError } from '../errors.ts'

/** What a failed request was doing, for the message. */
export interface RequestContext {
  /** s3://bucket/prefix */
  target: string
  bucket: string
  /** The --endpoint, or undefined for AWS itself. */
  endpoint?: string
  /** e.g. 'listing s3://site', 'uploading blog/index.html' */
  action: string
}

interface SdkErrorShape {
  name?: string
  message?: string
  code?: string
  Code?: string
  $metadata?: { httpStatusCode?: number }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'ETIMEDOUT'])
const DENIED = new Set(['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AllAccessDisabled', 'AccountProblem', 'ExpiredToken', 'InvalidToken', 'TokenRefreshRequired', 'InvalidSecurity'])

const firstLine = (text: string) => text.split('\n')[0]?.trim() ?? ''

/** An AWS SDK or network error made one a person can act on: missing credentials, unreachable endpoint, missing bucket, denied request, else the service's code. */
export function deployError(error: unknown, context: RequestContext): KubeSiteError {
  if (error instanceof KubeSiteError) return error
  const shape: SdkErrorShape = typeof error === 'object' && error !== null ? (error as SdkErrorShape) : { message: String(error) }
  const status = shape.$metadata?.httpStatusCode
  const code = shape.Code ?? (shape.name && shape.name !== 'Error' ? shape.name : undefined)
  const message = firstLine(shape.message ?? '')
  const where = context.endpoint ?? 'AWS S3'
  const options = { cause: error }

  if (shape.name === 'CredentialsProviderError' || /could not load credentials/i.test(message)) {
    return new KubeSiteError('DEPLOY_CREDENTIALS_MISSING', `No credentials found for ${context.target}: ${message || 'no provider had any'}`, {
      ...options,
      hint: 'Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE, or a web identity (AWS_ROLE_ARN and AWS_WEB_IDENTITY_TOKEN_FILE; in GitHub Actions, aws-actions/configure-aws-credentials).',
    })
  }
  if (/region is missing/i.test(message)) {
    return new KubeSiteError('DEPLOY_TARGET_INVALID', `No region for ${context.target}`, { ...options, hint: 'Pass --region (e.g. --region eu-west-1) or set AWS_REGION.' })
  }
  if ((shape.code && UNREACHABLE.has(shape.code)) || shape.name === 'TimeoutError') {
    const reason = shape.code ?? 'timed out'
    return new KubeSiteError('DEPLOY_ENDPOINT_UNREACHABLE', `Could not reach ${where} while ${context.action} (${reason})`, {
      ...options,
      hint: context.endpoint ? 'Check --endpoint: scheme, host and port.' : 'Check the network connection, and --region.',
    })
  }
  if (code === 'NoSuchBucket' || (status === 404 && context.action.startsWith('listing'))) {
    return new KubeSiteError('DEPLOY_BUCKET_NOT_FOUND', `Bucket "${context.bucket}" does not exist at ${where}`, {
      ...options,
      hint: `Create it first, or fix the bucket name in --to${context.endpoint ? ' or --endpoint' : ''}.`,
    })
  }
  if (status === 403 || (code !== undefined && DENIED.has(code))) {
    return new KubeSiteError('DEPLOY_ACCESS_DENIED', `Access denied while ${context.action} (${code ?? `HTTP ${status}`})`, {
      ...options,
      hint: 'Check the credentials, and that they may s3:ListBucket on the bucket and s3:PutObject and s3:DeleteObject on its objects.',
    })
  }
  const detail = [code, status !== undefined ? `HTTP ${status}` : undefined].filter(Boolean).join(', ')
  return new KubeSiteError('DEPLOY_FAILED', `Failed while ${context.action}${detail ? ` (${detail})` : ''}${message && message !== code ? `: ${message}` : ''}`, options)
}
