import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { postsProblem, type StagedPosts } from '../content/posts/loadPosts.ts'
import type { KubeSiteError } from '../errors.ts'
import type { Post } from '../content/types.ts'
import { cacheDir as kubeSiteCacheDir, toolRoot } from '../toolRoot.ts'
import type { CacheLog } from '../incremental/explainCaches.ts'
import type { Fingerprint } from '../incremental/fingerprint.ts'
import type { Reporter } from '../ui/createReporter.ts'
import { envCount } from '../util/envCount.ts'
import { createImageStore } from '../incremental/images/imageStore.ts'
import { placeBody, postImagesContext } from '../content/posts/postBody.ts'
import { placeCovers, shownImageUrl } from './postImages.ts'

export interface BuildImagesOptions {
  postsDir: string
  cwd: string
  /** Keep variants in the cache (node_modules/.cache/kube-site/images); else in a folder of the build's own (BuildImages.temporaryDir). */
  useCache: boolean
  reporter: Reporter
  /** The build's inputs: the variants' key (cli/incremental/). */
  fingerprint: Fingerprint
  log: CacheLog
}

export interface PostImages {
  /** The posts, each raster cover with its variants (Post.pictures). */
  posts: Promise<Post[]>
  /** A post's body with its images placed (as rendered if they have problems), read as text only when called (postCache.ts). */
  body(sourceFile: string): Promise<() => string>
  /** Resolves once every image of every post is made; rejects with all their problems at once. */
  done: Promise<void>
  /** The remote images the posts' bodies name (left as written), once every body is placed. */
  remoteImages: Promise<string[]>
  /** The URL at which a post's page shows the image `src` of its body (shownImageUrl), once its images are made. */
  imageUrl(sourceFile: string, src: string): Promise<string>
}

/** The images of one build: covers and post images encoded once each beside the bundle and prerender (imageStore.ts), published by `store.publish`. */
export function createBuildImages({ postsDir, cwd, useCache, reporter, fingerprint, log }: BuildImagesOptions) {
  // Without the cache, the variants live in a folder the build removes when it ends.
  const temporaryDir = useCache ? undefined : mkdtempSync(join(tmpdir(), 'kube-site-images-'))
  const cacheDir = temporaryDir ?? join(kubeSiteCacheDir, 'images')
  const store = createImageStore(cacheDir, { jobs: envCount('KUBE_SITE_IMAGE_JOBS') ?? 2, encoder: fingerprint.key('images') })
  const site = { postsDir, publicDir: join(toolRoot, 'public'), cwd, store }

  return {
    store,
    temporaryDir,
    /** Places the images of every post's body. `cached` gives a post the cache holds as it is: a body without an image is not read (a rebuild passes every post here). */
    start(posts: Post[], renderedBody: StagedPosts['body'], cached: StagedPosts['cached'] = () => undefined): PostImages {
      const phaseDone = reporter.phase('images')
      const covers = Promise.all(posts.map((post) => placeCovers(post, postImagesContext(post.sourceFile, site))))
      const withCovers = covers.then((results) => results.map((result, index) => ('post' in result ? result.post : posts[index]!)))
      // Each post's body as its page shows it (as rendered when its images have problems).
      const placed = new Map<string, Promise<{ text: () => string; remote?: string[]; problems?: KubeSiteError[] }>>()
      const place = (post: Post) => {
        let result = placed.get(post.sourceFile)
        if (!result) {
          const fromCache = cached(post.sourceFile)
          result =
            fromCache && !fromCache.hasImages
              ? Promise.resolve({ text: fromCache.body })
              : renderedBody(post.sourceFile).then(async (html) => {
                  const body = await placeBody(post, html, site)
                  return 'problems' in body ? { text: () => html, problems: body.problems } : { text: () => body.html, remote: body.remote }
                })
          placed.set(post.sourceFile, result)
        }
        return result
      }
      const bySource = new Map(posts.map((post) => [post.sourceFile, post]))
      // Begun at once for every post: the prerender asks for bodies in its own order.
      const bodies = Promise.allSettled(posts.map(place))
      const done = Promise.all([covers, bodies]).then(([coverResults, bodyResults]) => {
        const failed = bodyResults.find((result) => result.status === 'rejected')
        if (failed) throw failed.reason
        const problems = [
          ...coverResults.flatMap((result) => ('problems' in result ? result.problems : [])),
          ...bodyResults.flatMap((result) => (result.status === 'fulfilled' ? (result.value.problems ?? []) : [])),
        ]
        if (problems.length > 0) throw postsProblem(problems)
        log.hit('images', store.fromCache)
        log.miss('images', 'image changed', store.encoded)
        phaseDone(store.encoded + store.fromCache > 0 ? `${store.encoded} encoded, ${store.fromCache} from cache` : 'none to encode')
      })
      done.catch(() => {})
      withCovers.catch(() => {})
      const remoteImages = bodies.then((results) => results.flatMap((result) => (result.status === 'fulfilled' ? (result.value.remote ?? []) : [])))
      const body = async (sourceFile: string) => {
        const post = bySource.get(sourceFile)
        if (!post) {
          const html = await renderedBody(sourceFile)
          return () => html
        }
        return (await place(post)).text
      }
      return {
        // A cover that cannot be read is reported with the others, once the pages are rendered.
        posts: withCovers,
        body,
        done,
        remoteImages,
        // After its body's images are placed: the store then has each of them.
        imageUrl: async (sourceFile, src) => {
          const post = bySource.get(sourceFile)
          if (post) await place(post)
          return shownImageUrl(src, postImagesContext(sourceFile, site))
        },
      }
    },
  }
}
