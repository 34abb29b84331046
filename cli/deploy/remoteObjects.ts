import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import type { RemoteObject } from './planDeploy.ts'

export interface ListOptions {
  /** Keys per page; 1000, S3's most, unless a test wants many pages. */
  pageSize?: number
  /** Sends one page request; the caller wraps it in its retry policy. */
  send?: <T>(request: () => Promise<T>) => Promise<T>
}

const unquote = (etag: string | undefined) => (etag ?? '').replace(/^(W\/)?"|"$/g, '').toLowerCase()

/** Every object under `prefix/` (the whole bucket for ''), following ListObjectsV2's continuation tokens. */
export async function listRemoteObjects(client: S3Client, bucket: string, prefix: string, { pageSize = 1000, send = (request) => request() }: ListOptions = {}): Promise<RemoteObject[]> {
  const objects: RemoteObject[] = []
  let token: string | undefined
  do {
    const command = new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix ? `${prefix}/` : undefined, ContinuationToken: token, MaxKeys: pageSize })
    const page = await send(() => client.send(command))
    for (const item of page.Contents ?? []) if (item.Key !== undefined) objects.push({ key: item.Key, size: item.Size ?? 0, etag: unquote(item.ETag) })
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return objects
}
