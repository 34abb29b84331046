import { describe, expect, it } from 'vitest'
import { KubeSiteError } from '../errors.ts'
import { deployError } from './deployError.ts'

// Errors shaped as the AWS SDK throws them: name and Code from the service, the HTTP status in
// $metadata; network failures carry Node's errno code.
const sdk = (name: string, status: number, message = name) => Object.assign(new Error(message), { name, Code: name, $metadata: { httpStatusCode: status } })
const net = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:1`), { code, $metadata: {} })

const list = { target: 's3://site/docs', bucket: 'site', endpoint: 'http://127.0.0.1:9000', action: 'listing s3://site/docs' }
const aws = { target: 's3://site', bucket: 'site', action: 'listing s3://site' }
const put = { ...list, action: 'uploading docs/index.html' }

describe('deployError', () => {
  it.each([
    [
      'no credentials anywhere',
      Object.assign(new Error('Could not load credentials from any providers'), { name: 'CredentialsProviderError' }),
      list,
      'DEPLOY_CREDENTIALS_MISSING',
      'No credentials found for s3://site/docs: Could not load credentials from any providers',
    ],
    ['no region', new Error('Region is missing'), aws, 'DEPLOY_TARGET_INVALID', 'No region for s3://site'],
    ['a closed port', net('ECONNREFUSED'), list, 'DEPLOY_ENDPOINT_UNREACHABLE', 'Could not reach http://127.0.0.1:9000 while listing s3://site/docs (ECONNREFUSED)'],
    ['an unknown host, on AWS', net('ENOTFOUND'), aws, 'DEPLOY_ENDPOINT_UNREACHABLE', 'Could not reach AWS S3 while listing s3://site (ENOTFOUND)'],
    ['no such bucket', sdk('NoSuchBucket', 404, 'The specified bucket does not exist'), list, 'DEPLOY_BUCKET_NOT_FOUND', 'Bucket "site" does not exist at http://127.0.0.1:9000'],
    ['a bare 404 on the listing', sdk('NotFound', 404), aws, 'DEPLOY_BUCKET_NOT_FOUND', 'Bucket "site" does not exist at AWS S3'],
    ['access denied', sdk('AccessDenied', 403, 'Access Denied'), put, 'DEPLOY_ACCESS_DENIED', 'Access denied while uploading docs/index.html (AccessDenied)'],
    ['an unknown key', sdk('InvalidAccessKeyId', 403), list, 'DEPLOY_ACCESS_DENIED', 'Access denied while listing s3://site/docs (InvalidAccessKeyId)'],
    ['an expired token', sdk('ExpiredToken', 400), list, 'DEPLOY_ACCESS_DENIED', 'Access denied while listing s3://site/docs (ExpiredToken)'],
    [
      'anything else: the service code, status and first line',
      sdk('BadDigest', 400, 'The Content-MD5 you specified did not match\nwhat was received.'),
      put,
      'DEPLOY_FAILED',
      'Failed while uploading docs/index.html (BadDigest, HTTP 400): The Content-MD5 you specified did not match',
    ],
    ['a 503 after every retry', sdk('SlowDown', 503), put, 'DEPLOY_FAILED', 'Failed while uploading docs/index.html (SlowDown, HTTP 503)'],
    ['not even an Error', 'boom', put, 'DEPLOY_FAILED', 'Failed while uploading docs/index.html: boom'],
  ])('%s', (_, error, context, code, message) => {
    const mapped = deployError(error, context)
    expect([mapped.code, mapped.message]).toEqual([code, message])
    expect(mapped.message).not.toContain('\n')
    expect(mapped.cause).toBe(error)
  })

  it('passes our own errors through', () => {
    const own = new KubeSiteError('DEPLOY_FAILED', 'dist/x changed')
    expect(deployError(own, put)).toBe(own)
  })
})
