import { Command } from 'commander'
import { type ContentFlags, contentRun, outOption, withContentOptions } from './contentOptions.ts'

interface CheckFlags extends ContentFlags {
  json: boolean
}

/** `kube-site check`: flags in, runCheck out; findings printed, exit 1 on any error. */
export const checkCommand = withContentOptions(new Command('check').description('validate the config and every post, then crawl the built site as object storage serves it (links, anchors, images, titles)').addOption(outOption('built site to crawl (skipped when it does not exist)')))
  .option('--drafts', 'count drafts and posts dated in the future among the posts to publish', false)
  .option('--json', 'print one JSON document (for CI) instead of the report', false)
  .addHelpText('after', '\nExit code 1 when there is an error, 0 with warnings only.\n\nExample:\n  $ kube-site build && kube-site check --json > check.json')
  .action(async (flags: CheckFlags) => {
    // Loaded here, not at the top: `kube-site --help` should not pay for zod, marked or htmlparser2.
    const [{ runCheck }, { reportCheck }] = await Promise.all([import('../check/runCheck.ts'), import('../check/reportCheck.ts')])
    const run = await runCheck(contentRun(flags))
    reportCheck(run, { json: flags.json })
  })
