import { createServer, request as forward, type Server } from 'node:http'
import type { S3TestServer } from './s3Server.ts'

// A bucket's website endpoint, served by s3rver itself (its website hosting: index and error
// documents, the trailing-slash redirect, an object's website redirect location), not by a model
// of ours: what a browser gets is what an independent S3 implementation makes of the objects a
// deploy stored. S3 tells a website request by its host, <bucket>.s3-website-<region>.amazonaws.com;
// this proxy on a loopback port only puts that host on each request, so pages can be opened at
// http://127.0.0.1:port/ as at the bucket's website.

export interface S3Website {
  /** http://127.0.0.1:port/ */
  url: string
  close(): Promise<void>
}

/** The website endpoint of `bucket` on the s3rver `server` (startS3Server), on a free loopback port. */
export async function serveBucket(server: Pick<S3TestServer, 'endpoint'>, bucket: string): Promise<S3Website> {
  const upstream = new URL(server.endpoint)
  const host = `${bucket}.s3-website-us-east-1.amazonaws.com`
  const proxy: Server = createServer((req, res) => {
    // s3rver answers a HEAD of an object stored with a website redirect location with a 200,
    // where S3's website endpoint answers HEAD as it answers GET, bodiless: so a HEAD goes on as a
    // GET whose body is dropped.
    // And it sends the error document without its stored Content-Encoding, where S3 sends the
    // object's own headers: a gzipped 404.html (deploy's default) is marked gzip again here.
    const head = req.method === 'HEAD'
    const outgoing = forward({ host: upstream.hostname, port: upstream.port, method: head ? 'GET' : req.method, path: req.url, headers: { ...req.headers, host } }, (response) => {
      if (response.statusCode === 404 && !response.headers['content-encoding']) {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const body = Buffer.concat(chunks)
          const gzipped = body[0] === 0x1f && body[1] === 0x8b
          res.writeHead(404, { ...response.headers, ...(gzipped && { 'content-encoding': 'gzip' }) })
          res.end(head ? undefined : body)
        })
        return
      }
      res.writeHead(response.statusCode ?? 502, response.headers)
      if (head) {
        response.resume()
        res.end()
      } else response.pipe(res)
    })
    outgoing.on('error', (error) => res.destroy(error))
    req.pipe(outgoing)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const { port } = proxy.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections()
        proxy.close(() => resolve())
      }),
  }
}
