import { readFileSync, statSync } from 'node:fs'
import { relative, sep } from 'node:path'
import { sharp } from './encodeImage.ts'
import { imageSize } from '../content/markdown/imageSize.ts'
import { contentTypeFor } from '../preview/contentTypes.ts'
import type { ImageStore } from '../incremental/images/imageStore.ts'

/** Where `kube-site dev` serves the files beside the posts (see devContentPlugin.ts). */
export const DEV_POST_FILES = '/@kube-site/posts/'

const urlOf = (dir: string, file: string) => relative(dir, file).split(sep).map(encodeURIComponent).join('/')

/** Dev's images, shown as they are so a save shows at once: public/'s keep their URL; one beside a post is served from DEV_POST_FILES, its URL following the file. */
export function createDevImageStore(postsDir: string, publicDir: string): ImageStore {
  const url = (file: string) => {
    if (file.startsWith(publicDir + sep)) return `/${urlOf(publicDir, file)}`
    if (file.startsWith(postsDir + sep)) return `${DEV_POST_FILES}${urlOf(postsDir, file)}?v=${Math.round(statSync(file).mtimeMs)}`
    // A pasted image: as it was pasted.
    return `data:${contentTypeFor(file)};base64,${readFileSync(file).toString('base64')}`
  }
  return {
    async picture(file) {
      const metadata = await sharp(file).metadata()
      const { width, height } = metadata.autoOrient ?? metadata
      if (!width || !height) throw new Error('the image has no size')
      return { kind: 'picture', width, height, fallback: 'jpeg', variants: [{ format: 'jpeg', width, url: url(file) }] }
    },
    async file(file) {
      return { kind: 'file', ...imageSize(file), url: url(file) }
    },
    encoded: 0,
    fromCache: 0,
    publish() {},
    save() {},
    sourceOf: () => undefined,
  }
}
