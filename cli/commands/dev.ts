import { Command } from 'commander'
import { resolve } from 'node:path'
import { type ContentFlags, withContentOptions } from './contentOptions.ts'
import { createReporter } from '../ui/createReporter.ts'
import { parsePort } from './preview.ts'
import { exitOnSignal } from '../util/exitOnSignal.ts'

interface DevFlags extends Omit<ContentFlags, 'out'> {
  port: number
  host: string
}

/** `kube-site dev`: the site with live reload while writing. */
export const devCommand = withContentOptions(new Command('dev').description('serve the site in development mode: edits to posts, the config, pages and styles show at once').option('--port <n>', 'port', parsePort, 5173).option('--host <host>', 'address to bind', '127.0.0.1'))
  .option('--drafts', 'show drafts and scheduled posts, with a Draft badge', true)
  .option('--no-drafts', 'hide drafts and scheduled posts, as the build does')
  .addHelpText('after', '\nExamples:\n  $ kube-site dev\n  $ kube-site dev --port 3000 --no-drafts')
  .action(async (flags: DevFlags) => {
    process.env.NODE_ENV = 'development'
    const cwd = process.cwd()
    // Ctrl-C ends the process at once: a dev server holds nothing to save, and vite's close waits for transforms in
    // flight, then prints Sass's "Async compiler has already been disposed" stacks.
    exitOnSignal()
    const { startDevServer } = await import('../dev/startDevServer.ts')
    await startDevServer({ configFile: resolve(cwd, flags.config), postsDir: resolve(cwd, flags.posts), port: flags.port, host: flags.host, base: flags.base, drafts: flags.drafts, cwd }, createReporter())
  })
