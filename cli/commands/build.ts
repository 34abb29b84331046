import { Command, Option } from 'commander'
import { type ContentFlags, contentRun, outOption, withContentOptions } from './contentOptions.ts'
import { createReporter } from '../ui/createReporter.ts'

interface BuildFlags extends ContentFlags {
  noindex: boolean
  cache: boolean
  quiet: boolean
  check: boolean
  profile: boolean
  /** 'text' for --explain alone; none without it. */
  explain?: 'text' | 'json'
}

/** `kube-site build`: flags in, runBuild out. */
export const buildCommand = withContentOptions(new Command('build').description('prerender every page of the site into an object-storage-ready folder').addOption(outOption('output folder')))
  .option('--drafts', 'include drafts and posts dated in the future', false)
  .option('--noindex', 'a build not for search engines (previews): every page says noindex, robots.txt disallows all', false)
  .option('--no-cache', 'render every post and bundle again, ignoring (and not updating) the build caches')
  .option('-q, --quiet', 'print only errors', false)
  .option('--profile', 'print where the time went, by phase and the parts of each', false)
  .addOption(
    new Option('--explain [format]', "print, after the build, what each cache and the plan did and why: the posts that missed, each page and file made again or removed (the first 20 of each list); json: all of it, every page and file, as one JSON document on stdout, the build's lines on stderr")
      .choices(['text', 'json'])
      .preset('text'),
  )
  .option('--check', 'after the build, crawl the site as `kube-site check` does (exit 1 on errors)', false)
  .addHelpText('after', '\nExamples:\n  $ kube-site build --out dist --base /marketing/\n  $ kube-site build --explain\n  $ kube-site build --explain=json > explain.json')
  .action(async (flags: BuildFlags) => {
    // A build is a production build whatever the shell exports: vike and React read NODE_ENV when they load, so it is set before they are imported.
    process.env.NODE_ENV = 'production'
    const { runBuild } = await import('../generator/runBuild.ts')
    // With --explain=json, stdout holds the JSON document alone: the build's lines go to stderr.
    const json = flags.explain === 'json'
    const lines = json ? process.stderr : process.stdout
    const reporter = createReporter({ quiet: flags.quiet, stream: lines })
    const paths = contentRun(flags)
    const { explanation } = await runBuild({ ...paths, noindex: flags.noindex, cache: flags.cache, profile: flags.profile, explain: flags.explain !== undefined }, reporter)
    if (explanation) {
      const { explainJson, explainText } = await import('../incremental/explainBuild.ts')
      if (json) process.stdout.write(`${explainJson(explanation)}\n`)
      else for (const line of explainText(explanation)) reporter.info(`  ${line}`)
    }
    if (flags.check) {
      const [{ checkBuiltSite }, { reportCheck }] = await Promise.all([import('../check/runCheck.ts'), import('../check/reportCheck.ts')])
      const run = await checkBuiltSite(paths)
      reportCheck(run, { quiet: flags.quiet, subject: 'The check of the built site', stream: lines })
    }
  })
