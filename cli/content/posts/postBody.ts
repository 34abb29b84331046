import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { postHtml } from '../../../pages/_lib/pageData.ts'
import { hasCover } from '../../../pages/_lib/blog/postCover.ts'
import { rebaseHtml } from '../../../pages/_lib/urls/rebaseHtml.ts'
import type { Post } from '../types.ts'
import { withoutTableOfContents } from '../markdown/tableOfContents.ts'
import type { ImageStore } from '../../incremental/images/imageStore.ts'
import { placePostImages, type PlacedBody, type PostImagesContext } from '../../images/postImages.ts'

// A post's body from markdown to reader, alike in dev and build: rendered (renderMarkdown.ts) in workers or from the cache;
// placed (placeBody) by the build's image store or dev's, the one difference; shown, rebased (pageBodies) into the page as
// it is written or as dev's page data, read back on a move in place; in a feed, without its table of contents (feedBody).

/** What places a post's images: where the posts and public/ are, and the store that makes them (the build's or dev's). */
export interface BodySite {
  postsDir: string
  publicDir: string
  cwd: string
  store: ImageStore
}

/** What the images of the post in `sourceFile` (relative to the posts folder) are read with, but its cover. */
export function postImagesContext(sourceFile: string, site: BodySite): Omit<PostImagesContext, 'hasCover'> {
  const file = join(site.postsDir, sourceFile)
  return { ...site, sourceFile: file, shown: () => relative(site.cwd, file) || file, readSource: () => sourceIfThere(file) }
}

/** The post's source, to locate a problem; '' once the file is gone (a folder post being removed): the problem is then told without its line. */
function sourceIfThere(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ''
    throw error
  }
}

/** The rendered body `html` of `post` with its images placed, or their problems. */
export function placeBody(post: Post, html: string, site: BodySite): Promise<PlacedBody> {
  return placePostImages(html, { ...postImagesContext(post.sourceFile, site), hasCover: hasCover(post) })
}

/** A post's body as its page shows it, by its file. */
export type PageBody = (sourceFile: string) => Promise<string>

/** Each post's body as its page shows it under `base`, from its body with its images placed (read when called). */
export function pageBodies(placed: (sourceFile: string) => Promise<() => string>, base: string): PageBody {
  return async (sourceFile) => postHtml((await placed(sourceFile))(), base)
}

/** A placed body as a feed carries it: no table of contents, every URL absolute from `root`, fragments on `page`. */
export function feedBody(placed: string, at: { root: string; page: string }): string {
  return rebaseHtml(withoutTableOfContents(placed), at)
}
