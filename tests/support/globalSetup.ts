import type { TestProject } from 'vitest/node'
import { serveSite } from './browser.ts'
import { sharedSite } from './buildSite.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** dist/ of the real site (site.config.ts and posts/), built once per run. */
    siteDist: string
    /** That site deployed once to object storage, as every file that only reads it opens it (useServedSite). */
    siteUrl: string
    /** The browser project's files share their worker's chromium (launchBrowser). */
    shareBrowser: boolean
  }
}

/** Builds the real site once for every browser test file, and serves it as deployed until the run ends. */
export default async function setup(project: TestProject) {
  // The default site, which the builds' files that only read it share (check.test.ts, multilingual.test.ts).
  const { outDir } = await sharedSite()
  const server = await serveSite(outDir)
  project.provide('siteDist', outDir)
  project.provide('siteUrl', server.url)
  project.provide('shareBrowser', project.config.isolate === false)
  return () => server.close()
}
