import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { postHtml } from '../../pages/_lib/pageData.ts'
import { postUrl } from '../../pages/_lib/urls.ts'
import type { Post } from '../content/types.ts'
import { replacePostBody } from './insertPostBody.ts'
import { linkedFiles, pageFiles, type PageHashes, type PreviousOutput } from './pagePlan.ts'
import type { WrittenPage } from './pageWriter.ts'

// The edit a writer makes most, again and again while writing, changes a post's body alone. Its
// page is then the page the previous build wrote, with the new body where the old one was: the
// page's data hash (pagePlan.ts) covers everything else in it (its data, its URL, the bundle and
// every page's policy), and the body goes in after the page is rendered and secured
// (insertPostBody.ts). So the rebuild writes it from that page, without loading vike's server
// runtime and React to render it again (0.2-0.3 s of a one-post rebuild at 4,000 posts).

/** What replaceBodies needs: the posts, this build's page hashes, the previous output, and where the pages go. */
export interface BodyReplacement {
  posts: readonly Post[]
  hashes: PageHashes
  previous: PreviousOutput
  outDir: string
  /** The folder this build writes its pages into (the work folder's client/). */
  client: string
  base: string
  /** A post's body, with its images, once it is there. */
  body(sourceFile: string): Promise<string>
}

/** The pages written from the previous ones, with where their bodies are now and the files of the previous output they link. */
export interface ReplacedBodies {
  urls: string[]
  /** Each page as a writer would report it (where its body is now, the stylesheets it links), by the page's file (relative to the output). */
  written: Map<string, WrittenPage>
  /** The previous output's files the pages link (their combined stylesheet), with their sizes: the update keeps them. */
  linked: Map<string, number>
}

/**
 * Writes into `client` the page of each post whose page changed but whose page data did not,
 * from the page the previous build wrote with the new body in it: only when that page's files are
 * still exactly as written and the manifest says where its body is. Any other changed page is
 * left to the prerender.
 */
export async function replaceBodies({ posts, hashes, previous, outDir, client, base, body }: BodyReplacement): Promise<ReplacedBodies> {
  const replaced: ReplacedBodies = { urls: [], written: new Map(), linked: new Map() }
  const { manifest, intact } = previous
  if (!manifest) return replaced
  for (const post of posts) {
    const url = postUrl(post.slug)
    const hash = hashes.hashes.get(url)
    const recorded = manifest.pages.get(url)
    if (!recorded?.body || hash === undefined || recorded.hash === hash || !intact.has(url)) continue
    if (recorded.data === undefined || recorded.data !== hashes.memo.data.get(url)) continue
    const [own] = pageFiles(url)
    const written = replacePostBody(readFileSync(join(outDir, own!)), recorded.body, postHtml(await body(post.sourceFile), base))
    if (!written) continue
    mkdirSync(dirname(join(client, own!)), { recursive: true })
    writeFileSync(join(client, own!), written.file)
    // Its stylesheet stays; its markdown twin is made again from the post, as for any page not taken over.
    const linked = linkedFiles(url, recorded)
    for (const [file, size] of linked) replaced.linked.set(file, size)
    replaced.urls.push(url)
    replaced.written.set(own!, { stylesheets: linked.map(([file]) => file), body: written.place })
  }
  return replaced
}
