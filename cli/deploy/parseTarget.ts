import { KubeSiteError } from '../errors.ts'

/** Where a deploy goes: a bucket, and a key prefix inside it ('' for the bucket's root). */
export interface DeployTarget {
  bucket: string
  /** Key prefix without a leading or trailing '/', e.g. 'marketing' or 'sites/kube'. */
  prefix: string
}

// S3's bucket rules widened to GCS's ('_', up to 222 characters with dots): the service judges the rest; this catches typos and stray schemes.
const BUCKET = /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/

const invalid = (what: string, problem: string, hint: string) =>
  new KubeSiteError('DEPLOY_TARGET_INVALID', `${what}: ${problem}`, { hint })

const TARGET_HINT = 'Write it as s3://bucket or s3://bucket/prefix, e.g. --to s3://kubeguard-site'

/** Parses `--to s3://bucket[/prefix]`. */
export function parseTarget(value: string): DeployTarget {
  const match = /^s3:\/\/([^/]*)(?:\/(.*))?$/.exec(value.trim())
  const what = `--to ${JSON.stringify(value)}`
  if (!match) throw invalid(what, 'is not an s3:// URL', TARGET_HINT)
  const bucket = match[1] ?? ''
  if (!BUCKET.test(bucket)) throw invalid(what, `"${bucket}" is not a bucket name (3 to 222 of a-z, 0-9, '.', '-', '_')`, TARGET_HINT)
  const segments = (match[2] ?? '').split('/').filter(Boolean)
  if (segments.some((segment) => segment === '.' || segment === '..')) throw invalid(what, "the prefix must not contain '.' or '..'", TARGET_HINT)
  return { bucket, prefix: segments.join('/') }
}

/** Parses `--endpoint`: an http(s) URL of an S3-compatible service. */
export function parseEndpoint(value: string): string {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
    throw invalid(`--endpoint ${JSON.stringify(value)}`, 'is not an http(s) URL', 'e.g. --endpoint https://storage.googleapis.com or https://<account>.r2.cloudflarestorage.com')
  }
  return url.href.replace(/\/+$/, '')
}

/** s3://bucket/prefix, as a person reads it. */
export const formatTarget = ({ bucket, prefix }: DeployTarget): string => `s3://${bucket}${prefix ? `/${prefix}` : ''}`

/** The object key of a path in dist/ under the target's prefix. */
export const keyFor = (prefix: string, path: string): string => (prefix ? `${prefix}/${path}` : path)
