import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SiteConfig } from '../../content/types.ts'
import type { Picture } from '../../../pages/_lib/picture.ts'
import type { ImageStore } from '../../incremental/images/imageStore.ts'
import type { Reporter } from '../../ui/createReporter.ts'
import type { BuildProfile } from '../buildProfile.ts'
import type { Fingerprint } from '../../incremental/fingerprint.ts'
import type { CacheLog } from '../../incremental/explainCaches.ts'
import { EARLY_SCRIPT, bundleIdentity, bundleKey, restoreBundle, saveBundle, stylesheetFactsKept } from '../../incremental/bundle/bundleCache.ts'
import { keepHeapSmall } from '../../util/heapGrowth.ts'
import { buildBundle } from '../bundle/buildBundle.ts'
import { configExports } from '../bundle/configExports.ts'

export interface BundleInput {
  config: SiteConfig
  base: string
  noindex: boolean
  useCache: boolean
  /** The folder the bundle is written into (lockOutput's). */
  workDir: string
  /** Where the config's images are made into pictures, which the bundle holds: asked for only when bundling. */
  configPictures(): Promise<Record<string, Picture>>
  images: ImageStore
  /** The build's inputs, the bundle's key among them (cli/incremental/). */
  fingerprint: Fingerprint
  log: CacheLog
}

export interface Bundle {
  workDir: string
  /** The bundle's key in the cache (none with --no-cache). */
  key?: string
  /** Taken from the cache: the code and config are those of an earlier build. */
  restored: boolean
  /** The bundle being copied into the cache, beside the rest of the build (none when restored or not cached). */
  saved?: Promise<void>
  /** The inline script its pages carry (siteEarlyScript), which their policies hash. */
  earlyScript: string
}

/** The bundle stage: client and server bundles made by vike in `workDir`, or copied from the cache for code and config an earlier build had. */
export async function bundleSite({ config, base, noindex, useCache, workDir, configPictures, images, fingerprint, log }: BundleInput, reporter: Reporter, profile: BuildProfile): Promise<Bundle> {
  const done = reporter.phase('bundle')
  const key = useCache ? bundleKey(fingerprint) : undefined
  if (key && restoreBundle(key, workDir)) {
    log.hit('bundle')
    // Its pages' stylesheets combined by an earlier build, looked at before this one's pages keep them.
    if (stylesheetFactsKept(bundleIdentity(key, workDir))) log.hit('stylesheets')
    else log.miss('stylesheets', 'not in the cache')
    done('unchanged code and config: reused')
    return { workDir, key, restored: true, earlyScript: readFileSync(join(workDir, EARLY_SCRIPT), 'utf8') }
  }
  log.miss('bundle', 'not in the cache')
  log.miss('stylesheets', 'bundle made by this build')
  // A bundle to make: every page is rendered again (see heapGrowth.ts).
  keepHeapSmall()
  const buildStart = performance.now()
  let environmentsMs = 0
  const onEnvironmentBuilt = (environment: string, ms: number) => {
    environmentsMs += ms
    profile.add(`bundle.${environment === 'client' ? 'client' : 'server'} build`, ms)
  }
  const pictures = configPictures()
  const { loadingMs } = await buildBundle({ config, base, workDir, noindex }, pictures.then((made) => configExports(config, made)), onEnvironmentBuilt)
  profile.add('bundle.loading vite, vike and plugins', loadingMs)
  profile.add('bundle.vike and vite around them', performance.now() - buildStart - environmentsMs - loadingMs)
  // vike moves vite's manifest out of client/.vite (into assets.json) and leaves the folder, empty.
  rmSync(join(workDir, 'client', '.vite'), { recursive: true, force: true })
  // Their files go with the bundle, so a build that reuses it has them.
  images.publish(join(workDir, 'client'), Object.values(await pictures).flatMap((picture) => [...picture.avif, ...picture.webp, ...picture.fallback]))
  // As the bundle's pages have it (compiled once, for its module): a build that reuses the bundle hashes it for the policies without loading the compiler (rolldown's, ~30 ms).
  const earlyScript = (await import('../bundle/compileEarlyScript.ts')).siteEarlyScript(config)
  writeFileSync(join(workDir, EARLY_SCRIPT), earlyScript)
  done()
  // A file saved while vite bundled may or may not be in the bundle: kept only if its inputs are still the ones the key was made from.
  return { workDir, key, restored: false, earlyScript, saved: key && bundleKey(fingerprint.again()) === key ? saveBundle(key, workDir) : undefined }
}
