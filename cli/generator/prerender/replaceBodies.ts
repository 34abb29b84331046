import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { PageBody } from '../../content/posts/postBody.ts'
import { replacePostBody } from './insertPostBody.ts'
import { linkedFiles, pageFile, type Manifest } from '../../incremental/pages/pagePlan.ts'
import type { WrittenPage } from './pageWriter.ts'

// A body-only edit: the page is the previous one with the new body in place, as its data hash covers all else (insertPostBody.ts); no runtime or React loaded.

/** What replaceBodies needs: the pages the plan gives a new body, the previous output's manifest, and where the pages go. */
export interface BodyReplacement {
  /** The pages to write from their previous page (planBuild.ts: 'body replaced'), each with its post's file. */
  pages: { url: string; sourceFile: string }[]
  manifest: Manifest
  outDir: string
  /** The folder this build writes its pages into (the work folder's client/). */
  client: string
  /** A post's body as its page shows it, once it is there. */
  pageBody: PageBody
}

/** The pages written from the previous ones, with where their bodies are now and the files of the previous output they link. */
export interface ReplacedBodies {
  /** The pages whose previous page no longer held the body where the manifest says: the prerender renders them. */
  notReplaced: string[]
  /** Each page as a writer would report it (where its body is now, the stylesheets it links), by the page's file (relative to the output). */
  written: Map<string, WrittenPage>
  /** The previous output's files the pages link (their combined stylesheet), with their sizes: the update keeps them. */
  linked: Map<string, number>
}

/** Writes into `client` each named post's page from the previous (still as written), the new body where the manifest says; a page where it is not found is left to the prerender. */
export async function replaceBodies({ pages, manifest, outDir, client, pageBody }: BodyReplacement): Promise<ReplacedBodies> {
  const replaced: ReplacedBodies = { notReplaced: [], written: new Map(), linked: new Map() }
  for (const { url, sourceFile } of pages) {
    const recorded = manifest.pages.get(url)!
    const own = pageFile(url)
    const written = replacePostBody(readFileSync(join(outDir, own)), recorded.body!, await pageBody(sourceFile))
    if (!written) {
      replaced.notReplaced.push(url)
      continue
    }
    mkdirSync(dirname(join(client, own)), { recursive: true })
    writeFileSync(join(client, own), written.file)
    // Its stylesheet stays; its markdown twin is made again from the post, as for any page not taken over.
    const linked = linkedFiles(url, recorded)
    for (const [file, size] of linked) replaced.linked.set(file, size)
    replaced.written.set(own, { stylesheets: linked.map(([file]) => file), body: written.place })
  }
  return replaced
}
