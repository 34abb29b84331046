import { readFile, realpath, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http'
import path from 'node:path'
import { DEFAULT_STORAGE, md5Hex, storedObject, type ObjectHeaders, type StorageRules } from '../deploy/storedObject.ts'
import { normalizeBase } from '../util/normalizeBase.ts'
import { resolveKey } from './resolveKey.ts'
import { sameFile } from '../incremental/sameFile.js'

export interface StaticServerOptions {
  root: string
  /** 0 = any free port; default 4173 */ port?: number
  /** default 127.0.0.1 */ host?: string
  /** URL prefix like '/docs/' the site is mounted under; default '/' */ base?: string
  /** How `deploy` stores files (deploy.compress, deploy.cacheControl), which the server answers with; default: deploy's defaults. */
  storage?: Partial<StorageRules>
}

/** A running preview server; `url` includes the base, e.g. http://127.0.0.1:4173/docs/. */
export interface StaticServer {
  url: string
  port: number
  close(): Promise<void>
}

type Target =
  /** `key`: the object key without the leading '/', which decides the headers, as on deploy. */
  | { kind: 'file'; file: string; key: string; status: 200 | 404 }
  | { kind: 'redirect'; location: string }
  | { kind: 'text'; status: number; text: string }

// Gzipped objects cached one per key, checked against mtime and size, so rebuilds during a preview do not grow it.
type Stored = { mtimeMs: number; size: number; headers: ObjectHeaders; data: Buffer; etag: string }
type Context = { root: string; base: string; storage: StorageRules; storedCache: Map<string, Stored> }

const ignore = (): void => {}

/** Serves a built site as S3 website hosting does once deployed: the same keys, bytes (text gzipped) and headers. */
export async function createStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const base = normalizeBase(options.base ?? '/')
  const storage: StorageRules = { compress: options.storage?.compress ?? DEFAULT_STORAGE.compress, cacheControl: options.storage?.cacheControl ?? DEFAULT_STORAGE.cacheControl }
  const ctx: Context = { root: await realpath(options.root), base, storage, storedCache: new Map() }
  const server = createServer((req, res) => void handle(ctx, req, res).catch(() => fail(res)))
  server.on('clientError', (_error, socket) => socket.destroy())
  const host = options.host ?? '127.0.0.1'
  const port = await listen(server, options.port ?? 4173, host)
  const hostInUrl = host.includes(':') ? `[${host}]` : host
  return { url: `http://${hostInUrl}:${port}${base}`, port, close: () => close(server) }
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} is already in use: pass --port <n>`, { cause: error }) : error)
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      const address = server.address()
      resolve(typeof address === 'object' && address !== null ? address.port : port)
    })
  })
}

function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()))
    // Browsers keep idle keep-alive sockets open, which would otherwise hold close() forever.
    server.closeAllConnections()
  })
}

async function handle(ctx: Context, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Aborted requests and EPIPE surface as stream errors; a preview server must shrug them off.
  req.on('error', ignore).resume()
  res.on('error', ignore)
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendText(req, res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' })
  const target = await resolveTarget(ctx, req.url ?? '/')
  if (target.kind === 'text') return sendText(req, res, target.status, target.text)
  if (target.kind === 'redirect') return sendText(req, res, 302, 'Found', { Location: target.location })
  return sendFile(ctx, req, res, target)
}

async function resolveTarget(ctx: Context, url: string): Promise<Target> {
  const [, rawPath = '', query = ''] = /^([^?]*)(.*)$/s.exec(url) ?? []
  const resolved = await resolveKey(rawPath, ctx.base, (key) => findFile(ctx.root, key))
  switch (resolved.kind) {
    case 'file':
      return { kind: 'file', file: resolved.found, key: resolved.key.slice(1), status: 200 }
    case 'redirect':
      return { kind: 'redirect', location: `${rawPath}/${query}` }
    case 'bad-request':
      return { kind: 'text', status: 400, text: 'Bad Request' }
    case 'forbidden':
      return { kind: 'text', status: 403, text: 'Forbidden' }
    case 'not-found':
      return notFound(ctx, resolved.key)
    default:
      return notFound(ctx)
  }
}

async function findFile(root: string, key: string): Promise<string | undefined> {
  const real = await realpath(path.join(root, key)).catch(() => undefined)
  // A symlink inside root may still point outside it.
  if (!real?.startsWith(root + path.sep)) return undefined
  const info = await stat(real).catch(() => undefined)
  return info?.isFile() ? real : undefined
}

/** The not-found page of a key: its locale's (/de/x/ → de/404.html) where there is one, else 404.html; a CDN does the same by a rule per prefix (cli/README.md). */
async function notFound(ctx: Context, key?: string): Promise<Target> {
  const prefix = key === undefined ? undefined : /^\/([^/]+)\//.exec(key)?.[1]
  const own = prefix === undefined ? undefined : await findFile(ctx.root, `/${prefix}/404.html`)
  if (own) return { kind: 'file', file: own, key: `${prefix}/404.html`, status: 404 }
  const page = await findFile(ctx.root, '/404.html')
  return page ? { kind: 'file', file: page, key: '404.html', status: 404 } : { kind: 'text', status: 404, text: 'Not Found' }
}

// Like S3, Accept-Encoding is not consulted: every client gets the object as stored (gzip too), and no Vary is sent. Last-Modified is the file's where S3 gives the upload's.
async function sendFile(ctx: Context, req: IncomingMessage, res: ServerResponse, { file, key, status }: Extract<Target, { kind: 'file' }>): Promise<void> {
  const info = await stat(file)
  const { headers, data, etag } = await stored(ctx, file, key, info)
  // S3 website hosting answers a website redirect location, GET or HEAD, with a bodiless 301 to it: the query dropped, the #fragment kept by the browser.
  if (headers.websiteRedirectLocation !== undefined) return finish(req, res, 301, { Location: headers.websiteRedirectLocation }, '')
  const response: OutgoingHttpHeaders = { 'Content-Type': headers.contentType, 'Cache-Control': headers.cacheControl, 'Last-Modified': info.mtime.toUTCString(), ETag: etag }
  if (headers.contentEncoding) response['Content-Encoding'] = headers.contentEncoding
  if (status === 200 && matchesEtag(req.headers['if-none-match'], etag)) return finish(req, res, 304, response)
  return finish(req, res, status, response, data)
}

/** The headers and bytes deploy would store for a file, and their ETag (their quoted MD5, as S3 gives it). */
async function stored(ctx: Context, file: string, key: string, info: { mtimeMs: number; size: number }): Promise<Stored> {
  // By key: a key's headers follow from its path, and two keys may lead to one file (a symlink).
  const cached = ctx.storedCache.get(key)
  if (cached && sameFile(cached, info)) return cached
  const { headers, bytes } = await storedObject(key, await readFile(file), ctx.storage)
  const entry = { mtimeMs: info.mtimeMs, size: info.size, headers, data: bytes, etag: `"${md5Hex(bytes)}"` }
  if (headers.contentEncoding === 'gzip') ctx.storedCache.set(key, entry)
  return entry
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  return (header ?? '').split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')))
}

function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string, extra: OutgoingHttpHeaders = {}): void {
  finish(req, res, status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache', ...extra }, text)
}

function finish(req: IncomingMessage, res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body?: Buffer | string): void {
  if (body !== undefined) headers['Content-Length'] = Buffer.byteLength(body)
  res.writeHead(status, headers)
  res.end(req.method === 'HEAD' ? undefined : body)
}

function fail(res: ServerResponse): void {
  if (res.headersSent) return void res.destroy()
  res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal Server Error')
}
