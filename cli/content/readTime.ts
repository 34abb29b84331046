const WORDS_PER_MINUTE = 220

/** Estimated reading time of a markdown text, as '6 min read'. */
export function readTime(markdown: string): string {
  const words = markdown.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0
  return `${Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))} min read`
}
