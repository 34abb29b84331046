import { KubeSiteError } from '../errors.ts'
import { isDocument, isHashedAsset } from './cacheControlFor.ts'
import type { LocalFile } from './localFiles.ts'
import { keyFor } from './parseTarget.ts'
import type { ObjectHeaders } from './storedObject.ts'

/** How pages are stored: 'website' as built (S3 website hosting, GCS); 'cloudfront' each dir/index.html also as `dir` and `dir/`, for a CDN on a private bucket. */
export type Layout = 'website' | 'cloudfront'

/** Upload phases, in order: a page goes up only after every asset it may reference. */
export type UploadGroup = 'assets' | 'files' | 'pages'
export const UPLOAD_GROUPS: readonly UploadGroup[] = ['assets', 'files', 'pages']

/** An object as it remains in the bucket after a list. */
export interface RemoteObject {
  key: string
  size: number
  /** ETag without quotes, lower case: the MD5 of the bytes for single-part uploads. */
  etag: string
}

/** An object the bucket should hold, with the headers it is stored with. */
export interface DeployObject extends ObjectHeaders {
  key: string
  /** The file in dist/ whose bytes it holds (gzipped when contentEncoding says so). */
  source: string
  /** Bytes as stored. */
  size: number
  /** MD5 of the bytes as stored. */
  md5: string
  group: UploadGroup
}

export type UploadReason = 'new' | 'changed' | 'forced'
export interface PlannedUpload extends DeployObject {
  reason: UploadReason
}

export interface DeployPlan {
  /** Sorted by phase, then key. */
  uploads: PlannedUpload[]
  /** Objects under the prefix that no file of the site produces any more; sorted by key. */
  deletes: RemoteObject[]
  unchanged: DeployObject[]
  /** Objects under the reserved prefix (previews): never deleted by this deploy, only counted. */
  kept: number
}

export interface PlanOptions {
  /** Key prefix ('' for the bucket's root). */
  prefix: string
  layout: Layout
  /** Upload every object, even those the bucket already holds byte for byte. */
  force: boolean
  /** A folder below the prefix this deploy does not own (deploy.previewPrefix): nothing under it is deleted, and the site may not put files there. */
  reserved?: string
}

/** One PUT per object keeps the ETag equal to the MD5 (multipart ETags are not); 5 GiB is S3's cap for one PUT. */
export const MAX_OBJECT_BYTES = 5 * 1024 ** 3

/** The objects a set of local files becomes: one per file, plus the page aliases of the layout. */
export function desiredObjects(files: readonly LocalFile[], { prefix, layout }: Omit<PlanOptions, 'force'>): DeployObject[] {
  const tooLarge = files.filter((file) => file.size > MAX_OBJECT_BYTES)
  if (tooLarge.length > 0) {
    throw new KubeSiteError('DEPLOY_FILE_TOO_LARGE', `${tooLarge.length} file${tooLarge.length === 1 ? ' is' : 's are'} larger than 5 GiB, the most one upload can hold`, {
      problems: tooLarge.map((file) => new KubeSiteError('DEPLOY_FILE_TOO_LARGE', `${file.path} is ${file.size} bytes`)),
      hint: 'Serve files this large from elsewhere (a release asset or a dedicated bucket) and link to them.',
    })
  }
  const objects: DeployObject[] = []
  for (const file of files) {
    const base = { source: file.path, size: file.size, md5: file.md5, ...headersFor(file.headers, layout), group: groupOf(file.path) }
    objects.push({ ...base, key: keyFor(prefix, file.path) })
    const page = /^(.+)\/index\.html$/.exec(file.path)?.[1]
    // An alias holds its page's stored bytes with its page's headers (HTML, gzipped alike).
    if (layout === 'cloudfront' && page) for (const alias of [page, `${page}/`]) objects.push({ ...base, key: keyFor(prefix, alias), group: 'pages' })
  }
  return objects
}

/** A redirect location only where S3 website hosting serves: behind REST the page's script redirects, and R2 refuses the header (501). */
function headersFor(headers: ObjectHeaders, layout: Layout): ObjectHeaders {
  if (layout === 'website' || headers.websiteRedirectLocation === undefined) return headers
  const { websiteRedirectLocation: _served, ...rest } = headers
  return rest
}

const groupOf = (path: string): UploadGroup => (isHashedAsset(path) ? 'assets' : isDocument(path) ? 'pages' : 'files')

const byPhaseThenKey = (a: DeployObject, b: DeployObject) =>
  UPLOAD_GROUPS.indexOf(a.group) - UPLOAD_GROUPS.indexOf(b.group) || compareKeys(a.key, b.key)
const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Compares site and bucket: a file is unchanged when its key has its size and an ETag equal to its stored bytes' MD5; all else under the prefix goes. */
export function planDeploy(files: readonly LocalFile[], remote: readonly RemoteObject[], options: PlanOptions): DeployPlan {
  const reserved = options.reserved ? `${keyFor(options.prefix, options.reserved)}/` : undefined
  const intruders = reserved ? files.filter((file) => `${file.path}/`.startsWith(`${options.reserved}/`)) : []
  if (intruders.length > 0) {
    throw new KubeSiteError('DEPLOY_RESERVED_PREFIX', `The site has ${intruders.length} file${intruders.length === 1 ? '' : 's'} under ${options.reserved}/, the folder kept for previews (deploy.previewPrefix): ${intruders[0]!.path}`, {
      hint: `Move ${options.reserved}/ out of public/ (or pages/), or set deploy.previewPrefix in site.config.ts to a folder the site does not use.`,
    })
  }
  const desired = desiredObjects(files, options).sort(byPhaseThenKey)
  const remoteByKey = new Map(remote.map((object) => [object.key, object]))
  const plan: DeployPlan = { uploads: [], deletes: [], unchanged: [], kept: 0 }
  for (const object of desired) {
    const existing = remoteByKey.get(object.key)
    const same = existing !== undefined && existing.size === object.size && existing.etag === object.md5
    if (same && !options.force) plan.unchanged.push(object)
    else plan.uploads.push({ ...object, reason: existing === undefined ? 'new' : same ? 'forced' : 'changed' })
  }
  const keep = new Set(desired.map((object) => object.key))
  const isReserved = (object: RemoteObject) => reserved !== undefined && object.key.startsWith(reserved)
  plan.kept = remote.filter(isReserved).length
  plan.deletes = remote.filter((object) => !keep.has(object.key) && !isReserved(object)).sort((a, b) => compareKeys(a.key, b.key))
  return plan
}

/** How many objects of each kind a plan holds. */
export function planCounts(plan: DeployPlan) {
  const count = (reason: UploadReason) => plan.uploads.filter((upload) => upload.reason === reason).length
  return {
    new: count('new'),
    changed: count('changed'),
    forced: count('forced'),
    deleted: plan.deletes.length,
    unchanged: plan.unchanged.length,
    kept: plan.kept,
    uploadBytes: plan.uploads.reduce((sum, upload) => sum + upload.size, 0),
  }
}
