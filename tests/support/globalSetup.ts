import type { TestProject } from 'vitest/node'
import { buildSite } from './buildSite.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** dist/ of the real site (site.config.ts and posts/), built once per run. */
    siteDist: string
  }
}

/** Builds the real site once for every browser test file. */
export default async function setup(project: TestProject) {
  const { outDir } = await buildSite({ out: 'site-dist' })
  project.provide('siteDist', outDir)
}
