import { createHash } from 'node:crypto'
import { readFile, realpath, stat } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http'
import path from 'node:path'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import { contentTypeFor, isTextContentType } from './contentTypes.ts'
import { normalizeBase } from '../util/normalizeBase.ts'
import { resolveKey } from './resolveKey.ts'

/** Options for the preview server. */
export interface StaticServerOptions {
  root: string
  /** 0 = any free port; default 4173 */ port?: number
  /** default 127.0.0.1 */ host?: string
  /** URL prefix like '/docs/' the site is mounted under; default '/' */ base?: string
  /** default false */ gzip?: boolean
}

/** A running preview server; `url` includes the base, e.g. http://127.0.0.1:4173/docs/. */
export interface StaticServer {
  url: string
  port: number
  close(): Promise<void>
}

type Target =
  | { kind: 'file'; file: string; status: 200 | 404 }
  | { kind: 'redirect'; location: string }
  | { kind: 'text'; status: number; text: string }

// The gzip cache holds one entry per file, checked against mtime, so rebuilds during a long preview do not grow it.
type Context = { root: string; base: string; gzip: boolean; gzipCache: Map<string, { mtimeMs: number; data: Buffer }> }

const gzipAsync = promisify(gzip)
const ignore = (): void => {}

/** Serves a built site the way S3 static website hosting does, for local preview. */
export async function createStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const base = normalizeBase(options.base ?? '/')
  const ctx: Context = { root: await realpath(options.root), base, gzip: options.gzip ?? false, gzipCache: new Map() }
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
  return sendFile(ctx, req, res, target.file, target.status)
}

async function resolveTarget(ctx: Context, url: string): Promise<Target> {
  const [, rawPath = '', query = ''] = /^([^?]*)(.*)$/s.exec(url) ?? []
  const resolved = await resolveKey(rawPath, ctx.base, (key) => findFile(ctx.root, key))
  switch (resolved.kind) {
    case 'file':
      return { kind: 'file', file: resolved.found, status: 200 }
    case 'redirect':
      return { kind: 'redirect', location: `${rawPath}/${query}` }
    case 'bad-request':
      return { kind: 'text', status: 400, text: 'Bad Request' }
    case 'forbidden':
      return { kind: 'text', status: 403, text: 'Forbidden' }
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

async function notFound(ctx: Context): Promise<Target> {
  const page = await findFile(ctx.root, '/404.html')
  return page ? { kind: 'file', file: page, status: 404 } : { kind: 'text', status: 404, text: 'Not Found' }
}

async function sendFile(ctx: Context, req: IncomingMessage, res: ServerResponse, file: string, status: number): Promise<void> {
  const info = await stat(file)
  const body = await readFile(file)
  const type = contentTypeFor(file)
  const etag = `"${createHash('md5').update(body).digest('hex')}"`
  const headers: OutgoingHttpHeaders = { 'Content-Type': type, 'Last-Modified': info.mtime.toUTCString(), ETag: etag, 'Cache-Control': 'no-cache' }
  if (status === 200 && matchesEtag(req.headers['if-none-match'], etag)) return finish(req, res, 304, headers)
  if (!ctx.gzip || !isTextContentType(type)) return finish(req, res, status, headers, body)
  headers.Vary = 'Accept-Encoding'
  if (!acceptsGzip(req.headers['accept-encoding'])) return finish(req, res, status, headers, body)
  headers['Content-Encoding'] = 'gzip'
  return finish(req, res, status, headers, await gzipped(ctx, file, info.mtimeMs, body))
}

async function gzipped(ctx: Context, file: string, mtimeMs: number, body: Buffer): Promise<Buffer> {
  const cached = ctx.gzipCache.get(file)
  if (cached?.mtimeMs === mtimeMs) return cached.data
  const data = await gzipAsync(body, { level: 6 })
  ctx.gzipCache.set(file, { mtimeMs, data })
  return data
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  return (header ?? '').split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')))
}

function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    return (coding === 'gzip' || coding === '*') && !params.some((p) => /^q=0(\.0*)?$/.test(p))
  })
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
