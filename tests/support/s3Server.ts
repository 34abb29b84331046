import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { repoRoot } from './buildSite.ts'

// A real S3-compatible server for the deploy tests: s3rver (@20minutes/s3rver, from the npm
// registry) on 127.0.0.1, in a child process, behind a recording proxy in the test's process.
//
// - The child runs with --openssl-legacy-provider: s3rver makes ListObjectsV2 continuation tokens
//   with DES, which OpenSSL 3 only has in its legacy provider (a truncated listing is a 500 without it).
// - allowMismatchedSignatures: s3rver signs bucket-level paths without the trailing '/' that the
//   SDK signs (/site vs /site/), so its check would refuse every list. Access keys are still
//   checked: only S3RVER is known, any other is InvalidAccessKeyId.
// - The proxy records every request in order, and can answer some with an error instead of
//   passing them on, to test retries and failures. It passes DELETEs on one at a time: s3rver's
//   file store removes emptied folders after a delete, and two deletes in one folder at once race
//   there (a 500 that real S3 never gives).

/** The only access key s3rver knows (its secret is not checked, see above). */
export const S3_ACCESS_KEY = 'S3RVER'

// Every bucket is configured for website hosting as kube-site's publishing recipes set it up
// (index document index.html, error document 404.html): s3rver then serves it as S3's website
// endpoint does, to requests for <bucket>.s3-website-<region>.amazonaws.com (see s3Website.ts).
const WEBSITE_CONFIG = '<WebsiteConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><IndexDocument><Suffix>index.html</Suffix></IndexDocument><ErrorDocument><Key>404.html</Key></ErrorDocument></WebsiteConfiguration>'

const SERVER_SCRIPT = `
const S3rver = require('@20minutes/s3rver')
const buckets = JSON.parse(process.env.S3_TEST_BUCKETS)
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: process.env.S3_TEST_DIR,
  allowMismatchedSignatures: true, configureBuckets: buckets.map((name) => ({ name, configs: [process.env.S3_TEST_WEBSITE] })) })
server.run().then(({ port }) => console.log(JSON.stringify({ port })), (error) => { console.error(error); process.exit(1) })
`

export interface S3Request {
  method: string
  bucket: string
  /** Object key, decoded; '' for a bucket request. */
  key: string
  query: string
  status?: number
}

interface Fault {
  remaining: number
  match: (request: S3Request) => boolean
  status: number
  code: string
}

export interface S3TestServer {
  /** What --endpoint gets: the proxy in front of s3rver. */
  endpoint: string
  /** Every request so far, in order of arrival. */
  requests: S3Request[]
  /** Requests from index `from` on that changed something (PUT, DELETE, POST). */
  writes(from?: number): S3Request[]
  /** Answers the next `count` matching requests with an S3 error instead of passing them on. */
  fail(count: number, match: (request: S3Request) => boolean, status?: number, code?: string): void
  close(): Promise<void>
}

function parse(req: IncomingMessage): S3Request {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const [, bucket = '', ...rest] = url.pathname.split('/')
  return { method: req.method ?? 'GET', bucket: decodeURIComponent(bucket), key: decodeURIComponent(rest.join('/')), query: url.search }
}

/** Starts s3rver with the given buckets on a free loopback port, and the proxy in front of it. */
export async function startS3Server(buckets: string[]): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'kube-site-s3-'))
  const child: ChildProcess = spawn(process.execPath, ['--openssl-legacy-provider', '-e', SERVER_SCRIPT], {
    cwd: repoRoot,
    env: { ...process.env, S3_TEST_DIR: directory, S3_TEST_BUCKETS: JSON.stringify(buckets), S3_TEST_WEBSITE: WEBSITE_CONFIG },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code} before listening`)))
    createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { port: number }).port))
  })

  const requests: S3Request[] = []
  const faults: Fault[] = []
  let deletes = Promise.resolve()
  const proxy: Server = createServer((req, res) => {
    const request = parse(req)
    requests.push(request)
    const fault = faults.find((candidate) => candidate.remaining > 0 && candidate.match(request))
    if (fault) {
      fault.remaining--
      request.status = fault.status
      req.resume()
      res.writeHead(fault.status, { 'content-type': 'application/xml' })
      res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${fault.code}</Code><Message>injected by the test</Message></Error>`)
      return
    }
    const pass = () =>
      new Promise<void>((done) => {
        const upstream = forward({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (response) => {
          request.status = response.statusCode
          res.writeHead(response.statusCode ?? 502, response.headers)
          response.pipe(res)
          response.on('end', done)
        })
        upstream.on('error', (error) => {
          res.destroy(error)
          done()
        })
        req.pipe(upstream)
      })
    if (request.method === 'DELETE') deletes = deletes.then(pass)
    else void pass()
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const address = proxy.address()
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port')

  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    requests,
    writes: (from = 0) => requests.slice(from).filter((request) => request.method !== 'GET' && request.method !== 'HEAD'),
    fail(count, match, status = 503, code = 'SlowDown') {
      faults.push({ remaining: count, match, status, code })
    },
    async close() {
      proxy.closeAllConnections()
      await new Promise<void>((resolve) => proxy.close(() => resolve()))
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill()
      await exited
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
