// A post's cover, from its frontmatter: its picture (PostImage), og:image (SeoTags), social card (cli/cards) and largest paint (cli/images).

/** The frontmatter fields a cover comes from. */
export type CoverFields = { image?: string; lightImage?: string; darkImage?: string }

/** The image a post shows in `theme`: that theme's own, else `image`, else the other theme's (a post with one cover shows it in both). */
export function coverIn(post: CoverFields, theme: 'light' | 'dark'): string | undefined {
  const [own, other] = theme === 'light' ? [post.lightImage, post.darkImage] : [post.darkImage, post.lightImage]
  return own ?? post.image ?? other
}

/** The image for the post where no theme is known (og:image): `image`, then the light variant (social networks are light), then the dark. */
export function postCover(post: CoverFields): string | undefined {
  return post.image ?? post.lightImage ?? post.darkImage
}

/** Whether the post has a cover at all; one without gets a social card of its own. */
export const hasCover = (post: CoverFields): boolean => postCover(post) !== undefined

/** Every image the post's cover may show, in any theme (each is loaded by some visitor). */
export function postCoverPaths(post: CoverFields): string[] {
  return [post.image, post.lightImage, post.darkImage].filter((path): path is string => path !== undefined)
}
