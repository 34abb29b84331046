import { describe, expect, it } from 'vitest'
import { KubeSiteError } from '../errors.ts'
import { formatTarget, keyFor, parseEndpoint, parseTarget } from './parseTarget.ts'

describe('parseTarget', () => {
  it.each([
    ['s3://kubeguard-site', { bucket: 'kubeguard-site', prefix: '' }],
    ['s3://kubeguard-site/', { bucket: 'kubeguard-site', prefix: '' }],
    ['s3://kubeguard-site/marketing', { bucket: 'kubeguard-site', prefix: 'marketing' }],
    ['s3://kubeguard-site/marketing/', { bucket: 'kubeguard-site', prefix: 'marketing' }],
    ['s3://kubeguard-site//sites//kube/', { bucket: 'kubeguard-site', prefix: 'sites/kube' }],
    ['s3://www.example.com', { bucket: 'www.example.com', prefix: '' }],
    ['s3://gcs_bucket_1', { bucket: 'gcs_bucket_1', prefix: '' }],
    ['  s3://abc  ', { bucket: 'abc', prefix: '' }],
  ])('%s', (value, expected) => {
    expect(parseTarget(value)).toEqual(expected)
  })

  it.each([
    ['kubeguard-site', 'is not an s3:// URL'],
    ['https://kubeguard-site', 'is not an s3:// URL'],
    ['s3:/kubeguard-site', 'is not an s3:// URL'],
    ['s3://', '"" is not a bucket name'],
    ['s3:///prefix', '"" is not a bucket name'],
    ['s3://ab', '"ab" is not a bucket name'],
    ['s3://My-Bucket', '"My-Bucket" is not a bucket name'],
    ['s3://-bucket', '"-bucket" is not a bucket name'],
    ['s3://bucket/../other', "the prefix must not contain '.' or '..'"],
  ])('%s is refused: %s', (value, problem) => {
    const error = (() => {
      try {
        parseTarget(value)
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(KubeSiteError)
    expect((error as KubeSiteError).code).toBe('DEPLOY_TARGET_INVALID')
    expect((error as KubeSiteError).message).toBe(`--to ${JSON.stringify(value)}: ${problem}${problem.endsWith('name') ? " (3 to 222 of a-z, 0-9, '.', '-', '_')" : ''}`)
  })

  it('formats a target back, and places keys under its prefix', () => {
    expect(formatTarget({ bucket: 'b', prefix: '' })).toBe('s3://b')
    expect(formatTarget({ bucket: 'b', prefix: 'x/y' })).toBe('s3://b/x/y')
    expect(keyFor('', 'blog/index.html')).toBe('blog/index.html')
    expect(keyFor('x/y', 'blog/index.html')).toBe('x/y/blog/index.html')
  })
})

describe('parseEndpoint', () => {
  it.each([
    ['https://storage.googleapis.com', 'https://storage.googleapis.com'],
    ['https://storage.googleapis.com/', 'https://storage.googleapis.com'],
    ['http://127.0.0.1:9000', 'http://127.0.0.1:9000'],
    ['https://abc.r2.cloudflarestorage.com', 'https://abc.r2.cloudflarestorage.com'],
  ])('%s → %s', (value, expected) => {
    expect(parseEndpoint(value)).toBe(expected)
  })

  it.each(['storage.googleapis.com', 'ftp://host', 'https://host/?a=1', 'not a url'])('%s is refused', (value) => {
    expect(() => parseEndpoint(value)).toThrow(`--endpoint ${JSON.stringify(value)}: is not an http(s) URL`)
  })
})
