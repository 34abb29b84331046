/** The markdown of benchmark post number `n` (0-based): frontmatter and a 1,500-2,500 word body. */
export function generatePost(n: number): string
