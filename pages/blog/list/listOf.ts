import type { ListKind } from '../../_lib/pageData.ts'

/** The tag or author a list page's route names (see +route.ts); undefined on the blog's own list. */
export function listOf(routeParams: Record<string, string>): { kind: ListKind; slug: string } | undefined {
  if (routeParams.tag) return { kind: 'tag', slug: routeParams.tag }
  if (routeParams.author) return { kind: 'author', slug: routeParams.author }
  return undefined
}
