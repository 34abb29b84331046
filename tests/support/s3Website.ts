import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import { createServer, type Server } from 'node:http'
import { resolveKey } from '../../cli/preview/resolveKey.ts'

// A bucket served the way S3 website hosting serves it (index document index.html, error
// document 404.html, an object's website redirect location as a 301), reading the objects a
// deploy stored: what a browser gets is exactly what was deployed, keys, bytes and headers
// (Content-Type, Content-Encoding, Cache-Control, ETag).

export interface S3Website {
  /** http://127.0.0.1:port/ */
  url: string
  close(): Promise<void>
}

/** Serves `bucket` of an S3-compatible server on a free loopback port. */
export async function serveBucket(client: S3Client, bucket: string): Promise<S3Website> {
  const exists = (key: string) =>
    client.send(new HeadObjectCommand({ Bucket: bucket, Key: key.slice(1) })).then(
      () => true as const,
      () => undefined,
    )
  const server: Server = createServer((req, res) => {
    const [path = '/', query = ''] = (req.url ?? '/').split(/(?=\?)/)
    void (async () => {
      const resolved = await resolveKey(path, '/', exists)
      if (resolved.kind === 'redirect') return void res.writeHead(302, { Location: `${path}/${query}` }).end()
      const [key, status] = resolved.kind === 'file' ? [resolved.key, 200] : ['/404.html', 404]
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key.slice(1) })).catch(() => undefined)
      if (!object) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found')
      // An object stored with a website redirect location is never served: a bodiless 301 to
      // exactly that location, for GET and HEAD, the query left behind.
      if (object.WebsiteRedirectLocation) {
        await object.Body!.transformToByteArray()
        return void res.writeHead(301, { Location: object.WebsiteRedirectLocation, 'Content-Length': 0 }).end()
      }
      const body = Buffer.from(await object.Body!.transformToByteArray())
      // The object's stored metadata, as S3 sends it: a gzipped object goes out gzipped to everyone.
      const headers: Record<string, string | number> = { 'Content-Type': object.ContentType ?? 'application/octet-stream', 'Content-Length': body.length }
      if (object.ContentEncoding) headers['Content-Encoding'] = object.ContentEncoding
      if (object.CacheControl) headers['Cache-Control'] = object.CacheControl
      if (object.ETag) headers.ETag = object.ETag
      res.writeHead(status, headers).end(body)
    })().catch(() => res.writeHead(500).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
