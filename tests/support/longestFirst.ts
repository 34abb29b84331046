import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The files that take longest, by the slowest-files report of a clean run (tests/README.md), longest
 * first: a group of files running two at a time ends soonest when these start first. vitest's own
 * order runs a group's projects one after the other and, on a fresh clone, larger files first.
 * The dev servers' files come next to the table of its own tool copy: a dev server holds the
 * checkout's build lock as long as it runs (buildLock.mjs), and a fixture build beside it waited,
 * its core idle (20 s in a clean run).
 */
const LONGEST = [
  'tests/cli/incrementalLocales.test.ts',
  'tests/browser/home.test.ts',
  'tests/browser/devFirstSave.test.ts',
  'tests/browser/dev.test.ts',
  'tests/browser/beforeHydration.test.ts',
  'tests/browser/policyManyPosts.test.ts',
  'tests/browser/contentSecurityPolicy.test.ts',
  'tests/cli/deploy.test.ts',
  'tests/browser/blog.test.ts',
  'tests/browser/legal.test.ts',
  'tests/browser/taxonomy.test.ts',
]

/**
 * vitest's order, with the longest files of each group first, then the others of the group's projects
 * in turn: most files of the builds project build with the checkout's pages/ and take turns on its
 * build lock (buildLock.mjs), so two of them side by side leave a core idle (the last 40 s of a whole
 * run at 1.5 cores); a browser file beside each keeps both busy.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = ({ project, moduleId }: TestSpecification) => {
      const at = LONGEST.findIndex((file) => moduleId.endsWith(`/${file}`))
      return [project.config.sequence.groupOrder, at < 0 ? LONGEST.length : at] as const
    }
    const ranked = sorted.map((file, at) => ({ file, at, rank: rank(file) }))
    ranked.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.at - b.at)
    // Within a group, the files after the longest: each project's next in turn.
    const turns = new Map<string, number>()
    const turn = ({ file, rank }: (typeof ranked)[number]) => {
      if (rank[1] < LONGEST.length) return -1
      const key = `${rank[0]} ${file.project.name}`
      const next = turns.get(key) ?? 0
      turns.set(key, next + 1)
      return next
    }
    const withTurns = ranked.map((entry) => ({ ...entry, turn: turn(entry) }))
    return withTurns.sort((a, b) => a.rank[0] - b.rank[0] || a.turn - b.turn || a.rank[1] - b.rank[1] || a.at - b.at).map(({ file }) => file)
  }
}
