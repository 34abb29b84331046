import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { KubeSiteError } from '../errors.ts'
import { formatTarget, type DeployTarget } from './parseTarget.ts'

// Pull-request previews share the site's bucket (`<prefix>/<previewPrefix>/pr-7/`); these checks keep them apart, and only a preview can be removed.

/** What a deploy's target is: the site itself, or one preview under the reserved prefix. */
export type TargetRole = { kind: 'site' } | { kind: 'preview'; name: string }

const segments = (path: string) => path.split('/').filter(Boolean)

/** Where the reserved prefix's segments start in `prefix`'s, or -1. */
function reservedAt(prefix: string[], reserved: string[]): number {
  for (let start = 0; start + reserved.length <= prefix.length; start++) if (reserved.every((segment, index) => prefix[start + index] === segment)) return start
  return -1
}

/** Whether a target is the site or a preview (`…/<previewPrefix>/<name>`); the reserved prefix or a folder inside a preview is neither, and refused. */
export function targetRole(target: DeployTarget, previewPrefix: string): TargetRole {
  const prefix = segments(target.prefix)
  const reserved = segments(previewPrefix)
  const start = reservedAt(prefix, reserved)
  if (start < 0) return { kind: 'site' }
  const rest = prefix.slice(start + reserved.length)
  if (rest.length === 1) return { kind: 'preview', name: rest[0]! }
  const where = formatTarget(target)
  throw new KubeSiteError(
    'DEPLOY_TARGET_INVALID',
    rest.length === 0
      ? `--to ${where} is the folder of every preview (deploy.previewPrefix '${previewPrefix}'), not a site`
      : `--to ${where} is inside the preview ${prefix.slice(0, start + reserved.length + 1).join('/')}`,
    { hint: `Deploy a preview to its own folder, e.g. --to ${formatTarget({ bucket: target.bucket, prefix: [...prefix.slice(0, start), ...reserved, 'pr-7'].join('/') })}` },
  )
}

/** Refuses a target and base that disagree: the base is the end of the prefix, and a preview's reaches its folder, else it links to the live site. */
export function checkBase(target: DeployTarget, base: string, role: TargetRole, previewPrefix: string): void {
  const prefix = segments(target.prefix)
  const baseSegments = segments(base)
  const tail = prefix.slice(prefix.length - baseSegments.length)
  const agrees = baseSegments.length <= prefix.length && tail.every((segment, index) => segment === baseSegments[index])
  const previewBase = role.kind === 'preview' ? `/${[...segments(previewPrefix), role.name].join('/')}/` : undefined
  const reachesPreview = previewBase === undefined || baseSegments.length >= segments(previewBase).length
  if (agrees && reachesPreview) return
  const where = formatTarget(target)
  throw new KubeSiteError('DEPLOY_BASE_MISMATCH', `--to ${where} and --base ${base} disagree: the keys go under '${target.prefix || '(the bucket root)'}', but the pages expect to be served at ${base}`, {
    hint: previewBase
      ? `Build and deploy the preview with one base: kube-site build --base ${previewBase} --noindex, then kube-site deploy --to ${where} --base ${previewBase}.`
      : `Build and deploy with the base the site is served at, and a --to whose prefix ends with it (e.g. --base / for s3://${target.bucket}).`,
  })
}

/** The base the site in `outDir` was built with, read from the hashed assets its home page loads; undefined when none. */
export async function builtBase(outDir: string): Promise<string | undefined> {
  const html = await readFile(join(outDir, 'index.html'), 'utf8')
  return /\s(?:src|href)="(\/[^"]*?)assets\/[^"]+"/.exec(html)?.[1]
}

/** Refuses a built site whose pages were built for another base than the deploy's. */
export async function checkBuiltBase(outDir: string, shownOut: string, base: string): Promise<void> {
  const built = await builtBase(outDir)
  if (built === undefined || built === base) return
  throw new KubeSiteError('DEPLOY_BASE_MISMATCH', `${shownOut}/ was built with --base ${built}, not ${base}: its pages would load their files from ${built}`, {
    hint: `Build again with --base ${base}, or deploy with --base ${built} to the target that is served there.`,
  })
}
