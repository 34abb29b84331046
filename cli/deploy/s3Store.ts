import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { ObjectStore } from './applyPlan.ts'
import type { DeployObject, RemoteObject } from './planDeploy.ts'
import { listRemoteObjects, type ListOptions } from './remoteObjects.ts'

export interface S3StoreOptions {
  bucket: string
  /** An S3-compatible service (R2, GCS, MinIO); addressed path-style. Default: AWS S3. */
  endpoint?: string
  /** Default: AWS_REGION, AWS_DEFAULT_REGION, the profile's; 'us-east-1' with an endpoint. */
  region?: string
}

export interface S3Store extends ObjectStore {
  list(prefix: string, options?: ListOptions): Promise<RemoteObject[]>
}

/** The bucket through the AWS SDK; credentials come from its default chain (env, profile, web identity, ...). */
export function createS3Store({ bucket, endpoint, region }: S3StoreOptions): S3Store {
  const client = new S3Client({
    region: region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? (endpoint ? 'us-east-1' : undefined),
    endpoint,
    // Most S3-compatible services and local servers have no wildcard DNS for bucket subdomains.
    forcePathStyle: endpoint !== undefined,
    followRegionRedirects: true,
    // One retry policy, ours (retry.ts): the SDK's would multiply with it.
    maxAttempts: 1,
    // Content-MD5 already protects every upload; the SDK's newer default checksums (CRC32 headers, aws-chunked bodies) are not understood by every S3-compatible service.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
  })
  return {
    list: (prefix, options) => listRemoteObjects(client, bucket, prefix, options),
    async put(object: DeployObject, body: Buffer) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: object.key,
          Body: body,
          ContentLength: body.length,
          // S3 refuses a body whose MD5 differs, and stores it as the ETag the next plan compares.
          ContentMD5: Buffer.from(object.md5, 'hex').toString('base64'),
          ContentType: object.contentType,
          ContentEncoding: object.contentEncoding,
          CacheControl: object.cacheControl,
          // A redirect page: S3 website hosting answers it with a 301 to its target.
          WebsiteRedirectLocation: object.websiteRedirectLocation,
        }),
      )
    },
    async delete(key: string) {
      // One DELETE per key: GCS's XML API has no multi-object delete, and deletions are few.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
    },
  }
}
