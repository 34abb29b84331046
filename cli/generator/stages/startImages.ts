import type { StagedPosts } from '../../content/posts/loadPosts.ts'
import type { createBuildImages, PostImages } from '../../images/buildImages.ts'
import { quietly } from './quietly.ts'

export type BuildImages = ReturnType<typeof createBuildImages>

/** The images stage: covers and body images made into pictures from the moment posts are known, beside bundle and prerender (buildImages.ts). */
export function startPostImages(images: BuildImages, known: Promise<StagedPosts>): PostImages {
  const started = quietly(known.then((staged) => images.start(staged.posts, staged.body, staged.cached)))
  return {
    posts: quietly(started.then((placed) => placed.posts)),
    body: async (sourceFile) => (await started).body(sourceFile),
    done: quietly(started.then((placed) => placed.done)),
    remoteImages: quietly(started.then((placed) => placed.remoteImages)),
    imageUrl: async (sourceFile, src) => (await started).imageUrl(sourceFile, src),
  }
}
