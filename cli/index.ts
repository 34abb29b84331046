import { Command } from 'commander'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildCommand } from './commands/build.ts'
import { checkCommand } from './commands/check.ts'
import { deployCommand } from './commands/deploy.ts'
import { devCommand } from './commands/dev.ts'
import { legalCommand } from './commands/legal.ts'
import { newCommand } from './commands/new.ts'
import { previewCommand } from './commands/preview.ts'
import { reportError } from './reportError.ts'
import { toolRoot } from './toolRoot.ts'
import { useCompiledVike } from './compiledVike.ts'

const { version } = JSON.parse(readFileSync(join(toolRoot, 'package.json'), 'utf8')) as { version: string }

/** Runs the CLI with process.argv-style arguments. */
export async function main(argv: string[]): Promise<void> {
  useCompiledVike()
  const debug = argv.includes('--debug')
  const program = new Command('kube-site')
    .description('Build, preview and publish the marketing site: markdown posts and site.config.ts, prerendered with React.')
    .version(`${version} (Node ${process.versions.node})`, '-v, --version')
    .option('--debug', 'show stack traces of errors')
    .showSuggestionAfterError(true)
    .showHelpAfterError('(run kube-site --help for usage)')
    .addCommand(newCommand)
    .addCommand(devCommand)
    .addCommand(buildCommand)
    .addCommand(checkCommand)
    .addCommand(previewCommand)
    .addCommand(deployCommand)
    .addCommand(legalCommand)
    .addHelpText(
      'after',
      [
        '',
        "The writer's loop:",
        '  $ kube-site new "Least-privilege network policies" --tags cilium',
        '  $ kube-site dev',
        '  $ kube-site build --check',
        '',
        'Run kube-site <command> --help for its options, with their defaults and an example.',
      ].join('\n'),
    )
  try {
    await program.parseAsync(argv)
  } catch (error) {
    reportError(error, debug)
  }
}
