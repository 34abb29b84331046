import { Command, InvalidArgumentError } from 'commander'
import { existsSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { outOption } from './contentOptions.ts'
import { KubeSiteError } from '../errors.ts'
import { out as c } from '../ui/colors.ts'

export function parsePort(value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('must be a port number from 0 to 65535')
  return port
}

interface PreviewFlags {
  out: string
  port: number
  host: string
  base: string
  gzip: boolean
}

/** `kube-site preview`: serves a build exactly as S3 website hosting would. */
export const previewCommand = new Command('preview')
  .description('serve the built site the way object storage does (exact keys, dir/ → index.html, 404.html)')
  .addOption(outOption('folder to serve'))
  .option('--port <n>', 'port (0 picks a free one)', parsePort, 4173)
  .option('--host <host>', 'address to bind', '127.0.0.1')
  .option('-b, --base <path>', 'URL prefix the site was built for', '/')
  .option('--gzip', 'compress text responses like a CDN', false)
  .addHelpText('after', '\nExample:\n  $ kube-site preview --port 8080')
  .action(async (flags: PreviewFlags) => {
    const root = resolve(flags.out)
    if (!existsSync(join(root, 'index.html'))) {
      throw new KubeSiteError('PREVIEW_NO_OUTPUT', `Nothing to preview: ${relative(process.cwd(), root) || root}/index.html does not exist`, {
        hint: 'Run `kube-site build` first, or pass --out <dir>.',
      })
    }
    const { createStaticServer } = await import('../preview/createStaticServer.ts')
    const server = await createStaticServer({ root, port: flags.port, host: flags.host, base: flags.base, gzip: flags.gzip })
    process.stdout.write(`  ${c.green('➜')} Preview of ${relative(process.cwd(), root) || root}/ at ${c.cyan(server.url)}  ${c.dim('(Ctrl-C to stop)')}\n`)
    const stop = async () => {
      await server.close()
      process.exit(0)
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
