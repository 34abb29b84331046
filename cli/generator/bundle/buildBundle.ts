import { Worker } from 'node:worker_threads'
import type { SiteConfig } from '../../content/types.ts'
import { KubeSiteError, fromWire, type WiredError } from '../../errors.ts'
import { compiledEntry, toolRoot } from '../../toolRoot.ts'

// vike's build in a thread of its own: once vike's vite plugin has loaded in a thread, vike's server runtime there takes it for
// dev (it logs every request), and vite's modules and heap stay with it; the CLI's thread renders the pages with a heap of its own.

/** What the bundle is made from: all of it crosses to the thread, the config module's exports once the pictures are made. */
export interface BundleJob {
  config: SiteConfig
  base: string
  workDir: string
  noindex: boolean
}

/** What the bundle's thread tells the CLI: an environment's build time (`build --profile`), then that it is done, or why it failed. */
export type BundleMessage = { built: string; ms: number } | { done: true; loadingMs: number } | { failed: WiredError }

/** What the config module exports (configExports.ts): made in the CLI's thread, so the bundle's loads no config schema. */
type ConfigExports = Record<string, unknown>

/** Makes the client and server bundles with vike in `job.workDir`, in the bundle's thread (in this one from source), which loads vite while the `exports` are made; `onEnvironmentBuilt` as each is written. */
export function buildBundle(job: BundleJob, exports: Promise<ConfigExports>, onEnvironmentBuilt: (environment: string, ms: number) => void): Promise<{ loadingMs: number }> {
  const workerFile = compiledEntry('bundleWorker')
  if (!workerFile) return bundleHere(job, exports, onEnvironmentBuilt)
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: job })
    exports.then((made) => worker.postMessage(made), (error: unknown) => {
      reject(error)
      void worker.terminate()
    })
    let done = false
    worker.on('message', (message: BundleMessage) => {
      if ('built' in message) return onEnvironmentBuilt(message.built, message.ms)
      done = true
      if ('failed' in message) reject(fromWire(message.failed, (text) => new KubeSiteError('BUILD_FAILED', `The bundle could not be made: ${text}`)))
      else resolve({ loadingMs: message.loadingMs })
      // What vite leaves running (sass's compiler) goes with the thread.
      void worker.terminate()
    })
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (!done) reject(new KubeSiteError('BUILD_FAILED', `The bundle's thread stopped (exit code ${code}) before the bundle was made`))
    })
  })
}

/** vike's build of `job` in this thread; returns how long vite, vike and the plugins took to load. */
export async function bundleHere(job: BundleJob, exports: Promise<ConfigExports>, onEnvironmentBuilt: (environment: string, ms: number) => void): Promise<{ loadingMs: number }> {
  const loadStart = performance.now()
  const [{ build }, { createViteConfig }] = await Promise.all([import('vike/api'), import('./viteConfig.ts')])
  const loadingMs = performance.now() - loadStart
  const { config, base, workDir, noindex } = job
  const made = await exports
  try {
    await build({ viteConfig: createViteConfig({ getConfig: () => config, getExports: () => made, base, outDir: workDir, mode: 'production', noindex, onEnvironmentBuilt }) })
  } catch (error) {
    // Its parser loads only on failure.
    const { bundleError } = await import('./bundleError.ts')
    throw bundleError(error, toolRoot)
  }
  return { loadingMs }
}
