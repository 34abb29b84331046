import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { postHtml } from '../../../pages/_lib/pageData.ts'
import { hasCover } from '../../../pages/_lib/blog/postCover.ts'
import { rebaseHtml } from '../../../pages/_lib/urls/rebaseHtml.ts'
import type { Post } from '../types.ts'
import { withoutTableOfContents } from '../markdown/tableOfContents.ts'
import type { ImageStore } from '../../images/imageStore.ts'
import { placePostImages, type PlacedBody, type PostImagesContext } from '../../images/postImages.ts'

// A post's body, from its markdown to what a reader gets, in dev and in a build alike (paths from cli/):
// - rendered: marked, heading ids, code, the table of contents, sanitized (content/markdown/renderMarkdown.ts),
//   in worker threads or from the post cache (content/posts/loadPosts.ts StagedPosts.body, postCache.ts);
//   dev renders with the same code (dev/createContentState.ts). Search indexes this body's text
//   (search/searchDocument.ts): placing images changes no text.
// - placed: its images made pictures (placeBody), by the build's store (images/buildImages.ts:
//   encoded) or dev's (images/devImageStore.ts: served as they are, so a save shows at once). The
//   store is the one thing a dev body and a build body differ by.
// - shown: rebased on the site's base (pageBodies; pages/_lib/pageData.ts postHtml). A build puts
//   it into the page as the page is written (generator/prerender/finishPage.ts, insertPostBody.ts), into the
//   pages of a thread from the posts it is handed (prerenderPages.ts), or into the previous page
//   (replaceBodies.ts); dev serves it as the post's page data (pageData.ts blogPostData). In the
//   browser pages/_components/blog/PostBody.tsx shows it; a move in place reads it back from the page
//   (pages/_lib/blog/postBody.ts).
// - in a feed: placed, without its table of contents, rebased on the site's URL (feedBody).

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

/**
 * The post's source, to find where a problem is in it; '' once the file is gone. A dev server
 * places a post's images again when one changes, and a folder post being removed may lose its
 * image before its markdown and its markdown before the images are placed: the problem is then
 * told without its line, and the post goes with the removal that follows.
 */
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
