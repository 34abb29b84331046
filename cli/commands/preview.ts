import { Command, Option } from 'commander'
import { existsSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { outOption, wholeNumber } from './contentOptions.ts'
import { KubeSiteError } from '../errors.ts'
import { out as c } from '../ui/colors.ts'
import { exitOnSignal } from '../util/exitOnSignal.ts'

export const parsePort = wholeNumber(0, 65535, 'must be a port number from 0 to 65535')

interface PreviewFlags {
  out: string
  port: number
  host: string
  base: string
  config: string
  compress: boolean
  gzip?: boolean
}

/** `kube-site preview`: serves a build exactly as S3 website hosting serves it once deployed. */
export const previewCommand = new Command('preview')
  .description('serve the built site the way object storage does once deployed (exact keys, dir/ → index.html, 404.html, text gzipped)')
  .addOption(outOption('folder to serve'))
  .option('--port <n>', 'port (0 picks a free one)', parsePort, 4173)
  .option('--host <host>', 'address to bind', '127.0.0.1')
  .option('-b, --base <path>', 'URL prefix the site was built for', '/')
  .option('-c, --config <file>', 'site config (its deploy rules: compress, cacheControl)', 'site.config.ts')
  .option('--no-compress', 'serve every file uncompressed, the worst case (default: as deploy stores them)')
  // Gone since preview serves what deploy stores by default; kept hidden to say so (see below).
  .addOption(new Option('--gzip').hideHelp())
  .addHelpText('after', '\nExamples:\n  $ kube-site preview --port 8080\n  $ kube-site preview --no-compress')
  .action(async (flags: PreviewFlags) => {
    if (flags.gzip) {
      // The old flag compressed like a CDN, by Accept-Encoding; accepting it silently would promise that even where deploy.compress is off and plain bytes are served.
      throw new KubeSiteError('INVALID_OPTION', '--gzip is no longer an option: preview serves text gzipped by default, as deploy stores it', {
        hint: 'Drop --gzip. deploy.compress in site.config.ts decides for both deploy and preview; --no-compress serves plain files.',
      })
    }
    const cwd = process.cwd()
    const root = resolve(flags.out)
    if (!existsSync(join(root, 'index.html'))) {
      throw new KubeSiteError('PREVIEW_NO_OUTPUT', `Nothing to preview: ${relative(cwd, root) || root}/index.html does not exist`, {
        hint: 'Run `kube-site build` first, or pass --out <dir>.',
      })
    }
    const [{ createStaticServer }, { loadSiteConfig }] = await Promise.all([import('../preview/createStaticServer.ts'), import('../content/config/loadSiteConfig.ts')])
    const { deploy } = (await loadSiteConfig(resolve(flags.config), cwd)).config
    const compress = flags.compress && deploy.compress
    const server = await createStaticServer({ root, port: flags.port, host: flags.host, base: flags.base, storage: { compress, cacheControl: deploy.cacheControl } })
    const how = compress ? 'as deployed, text gzipped' : flags.compress ? 'as deployed, uncompressed (deploy.compress is off)' : 'uncompressed (--no-compress)'
    process.stdout.write(`  ${c.green('➜')} Preview of ${relative(cwd, root) || root}/ at ${c.cyan(server.url)}  ${c.dim(`(${how}; Ctrl-C to stop)`)}\n`)
    exitOnSignal(() => server.close())
  })
