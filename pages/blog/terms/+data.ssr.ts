// https://vike.dev/data: the index of the tags or of the authors where it is rendered (a build,
// or `kube-site dev`). A .ssr file: a move in place in the browser runs +data.client.ts instead.
import type { PageContextServer } from 'vike/types'
import { getSiteContent } from '../../_server/getSiteContent.server.ts'
import { termIndexData, type TermIndexData } from '../../_lib/pageData.ts'

export default function data(pageContext: PageContextServer): TermIndexData {
  return termIndexData(getSiteContent(), pageContext.routeParams.kind === 'tag' ? 'tag' : 'author')
}
