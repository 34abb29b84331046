import { validateWorkflow, type ValidationError } from '@action-validator/core'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import yaml from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { loadSiteConfig } from '../../cli/content/config/loadSiteConfig.ts'
import { repoRoot } from '../support/buildSite.ts'

// .github/workflows/publish.yml cannot run here. What it calls is tested for real (deploy against
// s3rver, the preview in chromium); the file itself is validated against the workflow schema that
// @action-validator/core ships (no network), so a typo fails here and not on GitHub.

const file = join(repoRoot, '.github/workflows/publish.yml')
const source = readFileSync(file, 'utf8')

/** Each problem as 'path: detail', nested one_of branches included. */
const describeErrors = (errors: ValidationError[]): string[] =>
  errors.flatMap((error) => [
    `${'path' in error ? error.path : ''}: ${error.detail ?? error.title}`,
    ...('states' in error ? (error.states ?? []).flatMap((state) => describeErrors(state.errors)) : []),
  ])

interface Step {
  uses?: string
  run?: string
  if?: string
  with?: Record<string, string>
  env?: Record<string, string>
}
interface Job {
  if?: string
  env?: Record<string, string>
  steps: Step[]
}
const workflow = yaml.load(source) as { on: Record<string, unknown>; jobs: Record<string, Job> }
const runs = (job: Job) => job.steps.map((step) => step.run ?? step.uses ?? '')

describe('.github/workflows/publish.yml', () => {
  it('is a valid workflow', () => {
    expect(describeErrors(validateWorkflow(source).errors)).toEqual([])
  })

  it.each([
    ['an unknown event', 'workflow_dispatch:', 'workflow_dispach:', "Additional property 'workflow_dispach' is not allowed"],
    ['a misspelt key', 'timeout-minutes: 20', 'timeout_minutes: 20', "Additional property 'timeout_minutes' is not allowed"],
    ['a misspelt step key', "if: env.SAME_REPO != 'true'", "iff: env.SAME_REPO != 'true'", "Additional property 'iff' is not allowed"],
  ])('fails the check with %s (the validator is not a no-op)', (_name, from, to, detail) => {
    expect(source).toContain(from)
    expect(describeErrors(validateWorkflow(source.replace(from, to)).errors).join('\n')).toContain(detail)
  })

  it('publishes main on merges, every day and on demand; previews pull requests', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push', 'schedule', 'workflow_dispatch'])
    expect(workflow.on.schedule).toEqual([{ cron: expect.stringMatching(/^\d+ \d+ \* \* \*$/) }])
    expect(runs(workflow.jobs.publish!).filter((run) => run.includes('kube-site deploy'))).toEqual([expect.stringContaining('--summary "$GITHUB_STEP_SUMMARY"')])
  })

  it("builds, checks and deploys a preview with one base, in the config's preview folder, not for search engines", async () => {
    const { config } = await loadSiteConfig(join(repoRoot, 'site.config.ts'), repoRoot)
    const preview = workflow.jobs.preview!
    expect(preview.env?.BASE).toBe(`/${config.deploy.previewPrefix}/pr-\${{ github.event.pull_request.number }}/`)
    const steps = runs(preview)
    expect(steps).toContain('npx kube-site build --base "$BASE" --noindex')
    expect(steps).toContain('npx kube-site check --base "$BASE"')
    expect(steps.find((run) => run.includes('kube-site deploy'))).toContain('--to "s3://$BUCKET${BASE%/}" --base "$BASE"')
    const removal = workflow.jobs['remove-preview']!.steps.find((step) => step.run?.includes('--remove'))
    expect(removal?.env?.PREVIEW).toBe(`${config.deploy.previewPrefix}/pr-\${{ github.event.pull_request.number }}`)
  })

  it('gives credentials to pull requests of this repository only', () => {
    const preview = workflow.jobs.preview!
    expect(preview.env?.SAME_REPO).toBe('${{ github.event.pull_request.head.repo.full_name == github.repository }}')
    for (const step of preview.steps.filter((step) => step.uses?.startsWith('aws-actions/') || step.run?.includes('kube-site deploy') || step.uses?.startsWith('actions/github-script'))) {
      expect(step.if).toBe("env.SAME_REPO == 'true'")
    }
    expect(workflow.jobs['remove-preview']!.if).toContain('github.event.pull_request.head.repo.full_name == github.repository')
  })

  it("restores kube-site's build cache after npm ci (which empties node_modules), keyed to fall back", () => {
    for (const name of ['preview', 'publish']) {
      const steps = workflow.jobs[name]!.steps
      const cache = steps.findIndex((step) => step.uses?.startsWith('actions/cache@'))
      expect(cache, name).toBeGreaterThan(steps.findIndex((step) => step.run === 'npm ci'))
      expect(cache, name).toBeLessThan(steps.findIndex((step) => step.run?.startsWith('npx kube-site build')))
      expect(steps[cache]!.with).toMatchObject({ path: 'node_modules/.cache/kube-site', key: expect.stringContaining('${{ github.sha }}'), 'restore-keys': expect.stringContaining('kube-site-') })
    }
  })
})
