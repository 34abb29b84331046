import { existsSync } from 'node:fs'
import { relative, resolve, sep } from 'node:path'
import { KubeSiteError } from '../errors.ts'
import type { SiteConfig } from '../content/types.ts'
import { configStrings } from '../content/config/configStrings.ts'
import type { Picture } from '../../pages/_lib/picture.ts'
import { isRasterImage, type ImageStore } from '../incremental/images/imageStore.ts'
import { compactPicture } from './postImages.ts'
import { decodedUri } from '../util/decodedUri.ts'

/** The variants of every raster image the config names from public/ (any such path), by path as written, for `virtual:kube-site/config`'s `pictures`; an unreadable one is an error naming both. */
export async function configPictures(config: SiteConfig, store: ImageStore, { publicDir, configFile, cwd }: { publicDir: string; configFile: string; cwd: string }): Promise<Record<string, Picture>> {
  const paths = new Set(configStrings(config).filter((value) => /^\/(?!\/)[^?#]+$/.test(value) && isRasterImage(value)))
  const pictures: Record<string, Picture> = {}
  const problems: KubeSiteError[] = []
  await Promise.all(
    [...paths].map(async (path) => {
      const decoded = decodedUri(path)
      if (decoded === undefined) return
      const file = resolve(publicDir, `.${decoded}`)
      // A missing one is check's to report (MISSING_IMAGE), as before.
      if (!file.startsWith(publicDir + sep) || !existsSync(file)) return
      try {
        pictures[path] = compactPicture(await store.picture(file))
      } catch (error) {
        problems.push(
          new KubeSiteError('CONFIG_INVALID', `Image ${relative(cwd, file) || file} could not be read: ${(error as Error)?.message ?? String(error)}`, {
            location: { file: relative(cwd, configFile) || configFile },
            hint: 'Export it again as PNG, JPEG, WebP or AVIF, under 50 million pixels.',
          }),
        )
      }
    }),
  )
  if (problems.length === 1) throw problems[0]
  if (problems.length > 1) throw new KubeSiteError('CONFIG_INVALID', `${problems.length} images of the config could not be read`, { problems, hint: 'Fix each problem above.' })
  return pictures
}
