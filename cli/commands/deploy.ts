import { Command, InvalidArgumentError, Option } from 'commander'
import { appendFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { outOption, wholeNumber } from './contentOptions.ts'
import { parseEndpoint, parseTarget } from '../deploy/parseTarget.ts'
import type { Layout } from '../deploy/planDeploy.ts'
import type { DeployOptions } from '../deploy/runDeploy.ts'

export function parseUrl(value: string): string {
  if (!/^https?:\/\/[^/]/.test(value) || !URL.canParse(value)) throw new InvalidArgumentError('must be an absolute http(s) URL')
  return value
}

/** runDeploy's options as flags: the paths as given, the target and endpoint as written. */
type DeployFlags = Omit<DeployOptions, 'outDir' | 'configFile' | 'cwd' | 'target' | 'endpoint' | 'retry'> & { to: string; out: string; config: string; endpoint?: string; summary?: string; json: boolean }

/** `kube-site deploy`: flags in, runDeploy out. */
export const deployCommand = new Command('deploy')
  .description('publish the built site to S3-compatible object storage: only what changed, assets before pages, deletions last')
  .requiredOption('--to <s3://bucket[/prefix]>', 'bucket, and key prefix, to publish to')
  .addOption(outOption('built site to publish'))
  .option('-c, --config <file>', 'site config (its deploy rules: compress, cacheControl, previewPrefix)', 'site.config.ts')
  .option('-b, --base <path>', "the base the site was built with, which --to must end with (default: the config's site.base, '/')")
  .option('--remove', 'delete the preview at --to (a folder of deploy.previewPrefix) instead of publishing', false)
  .option('--url <url>', 'public URL of --to, for the report (default: site.url with the base)', parseUrl)
  .option('--summary <file>', 'append a Markdown summary (site URL, changes, posts that went live), e.g. "$GITHUB_STEP_SUMMARY"')
  .option('--endpoint <url>', 'S3-compatible service instead of AWS (GCS, R2, MinIO), addressed path-style')
  .option('--region <region>', "region (default: AWS_REGION, the profile's, or us-east-1 with --endpoint)")
  .addOption(new Option('--layout <layout>', 'website: keys as built; cloudfront: each dir/index.html also as dir and dir/').choices(['website', 'cloudfront'] satisfies Layout[]).default('website'))
  .option('--dry-run', 'print the plan and change nothing', false)
  .option('--force', 'upload every file, changed or not (after editing cache rules)', false)
  .option('--max-deletes <n>', 'refuse a deploy that would delete more objects (-1: no limit)', wholeNumber(-1, Infinity, 'must be a whole number, 0 or more (-1: no limit)'), 256)
  .option('--allow-removed-pages', 'delete published post pages that no redirect covers (refused otherwise)', false)
  .option('--concurrency <n>', 'requests at once', wholeNumber(1, 64, 'must be a whole number from 1 to 64'), 8)
  .option('--json', 'print one JSON document (plan and result) and nothing else on stdout', false)
  .addHelpText(
    'after',
    '\nCredentials come from the AWS SDK default chain: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, AWS_PROFILE, web identity (CI).\n' +
      '\nExamples:\n  $ kube-site deploy --to s3://kubeguard-site --dry-run\n  $ kube-site deploy --to s3://kubeguard-site/previews/pr-7 --base /previews/pr-7/\n  $ kube-site deploy --to s3://kubeguard-site/previews/pr-7 --remove\n  $ kube-site deploy --to s3://kubeguard-site --layout cloudfront\n  $ kube-site deploy --to s3://kubeguard-site --endpoint https://storage.googleapis.com',
  )
  .action(async (flags: DeployFlags) => {
    const cwd = process.cwd()
    const target = parseTarget(flags.to)
    const endpoint = flags.endpoint === undefined ? undefined : parseEndpoint(flags.endpoint)
    // kube-site pins an SDK release that supports Node 20; its notice about future releases needing Node 22 is for whoever upgrades the SDK, not for each deploy's log.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
    // Loaded here, not at the top: `kube-site --help` should not pay for the AWS SDK.
    const [{ runDeploy }, { createDeployReporter }, { deploySummary }] = await Promise.all([import('../deploy/runDeploy.ts'), import('../deploy/deployReporter.ts'), import('../deploy/deploySummary.ts')])
    const report = await runDeploy({ ...flags, outDir: resolve(cwd, flags.out), configFile: resolve(cwd, flags.config), cwd, target, endpoint }, createDeployReporter({ json: flags.json }))
    if (flags.summary) appendFileSync(resolve(cwd, flags.summary), deploySummary(report))
  })
