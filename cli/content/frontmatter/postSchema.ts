import { z } from 'zod'
import { parseCalendarDate } from './dates.ts'
import { normalizeSitePath } from '../redirects/normalizeSitePath.ts'
import { termSlug } from '../../../pages/_lib/blog/taxonomy.ts'

const text = z.string({ error: 'must be text' }).trim().min(1, { error: 'must not be empty' })
const image = z
  .string({ error: 'must be a path or URL' })
  .refine((value) => /^(https?:\/\/|\/|\.\.?\/)/.test(value), { error: "must be an absolute URL, a path starting with '/' (a file in public/) or './' (a file beside the post)" })
/** The longest URL segment a tag or an author may have: it names a folder of the output (blog/tags/<segment>/), and a file system refuses a name over 255 bytes. */
export const MAX_TERM_SEGMENT = 100

/** A tag or an author: text whose URL segment (termSlug) fits in a folder name. */
const term = text.superRefine((value, context) => {
  const length = termSlug(value).length
  if (length <= MAX_TERM_SEGMENT) return
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value
  context.addIssue({ code: 'custom', message: `"${shown}" is too long: its page's URL segment would be ${length} characters, over ${MAX_TERM_SEGMENT}`, input: value })
})

/** A calendar day as YYYY-MM-DD (parseCalendarDate): `date`, and `updated`, follow one rule. */
const calendarDay = z.string({ error: 'must be a date as YYYY-MM-DD' }).transform((value, context) => {
  const day = parseCalendarDate(value)
  if (!day) {
    context.addIssue({ code: 'custom', message: `"${value}" is not a valid date (use YYYY-MM-DD)` })
    return z.NEVER
  }
  return day
})

/** The post's old URLs: one path or a list, each made into a page URL's form (normalizeSitePath). */
const redirectFrom = z
  .union([z.string(), z.array(z.string())], { error: 'must be a path like /blog/old-post/, or a list of them' })
  .transform((value, context) => {
    const paths = new Set<string>()
    for (const [index, path] of (typeof value === 'string' ? [value] : value).entries()) {
      const result = normalizeSitePath(path)
      if ('path' in result) paths.add(result.path)
      else context.addIssue({ code: 'custom', message: `"${path}" ${result.problem}`, path: typeof value === 'string' ? [] : [index], input: path })
    }
    return [...paths]
  })

/** The frontmatter keys a post may have (SPEC §3 Blog post, plus updated, slug, draft and redirectFrom). */
export const postFrontmatterSchema = z.strictObject({
  title: text,
  excerpt: text,
  author: term,
  date: calendarDay,
  updated: calendarDay.optional(),
  tags: z.array(term, { error: 'must be a list, like [kubernetes, security]' }),
  readTime: text.optional(),
  image: image.optional(),
  lightImage: image.optional(),
  darkImage: image.optional(),
  slug: z
    .string({ error: 'must be text' })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be lowercase letters, digits and dashes, like my-post' })
    // It names the post's folder in the output, which a file system limits to 255 bytes.
    .max(200, { error: 'must be at most 200 characters' })
    .optional(),
  draft: z.boolean({ error: 'must be true or false' }).default(false),
  // false: no table of contents, however many headings the post has (tableOfContents.ts).
  toc: z.boolean({ error: 'must be true or false' }).default(true),
  redirectFrom: redirectFrom.default([]),
  // In posts/<locale>/ only: the slug of the default locale's post this one translates, where the file names differ.
  translationOf: z
    .string({ error: 'must be text' })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "must be the slug of a post in posts/, like my-post" })
    .optional(),
}).superRefine(({ date, updated }, context) => {
  // zod runs this only once the keys have parsed (an unknown key aside): both are calendar days.
  if (updated !== undefined && updated < date) context.addIssue({ code: 'custom', path: ['updated'], message: `${updated} is before the post's date ${date}`, input: updated })
})

/** Hints shown under a problem with a given key. */
export const postKeyHints: Record<string, string> = {
  title: 'title: "Least-privilege network policies"',
  excerpt: 'excerpt: "One or two sentences shown on the blog card."',
  author: 'author: "Jane Doe"',
  date: 'date: 2025-03-18',
  updated: "updated: 2025-04-02 (the day of the post's last real change: on or after its date; or leave it out)",
  tags: 'tags: [kubernetes, network-security]',
  readTime: 'readTime: "6 min read" (or leave it out: it is computed from the text)',
  image: 'image: /images/blog/my-post.png (a file in public/), ./cover.png (beside the post) or https://…',
  lightImage: 'lightImage: /images/blog/my-post-light.png (a file in public/) or https://…',
  darkImage: 'darkImage: /images/blog/my-post-dark.png (a file in public/) or https://…',
  slug: 'slug: my-post (or leave it out: the file name is used)',
  draft: 'draft: true',
  toc: 'toc: false (a post with three or more sections gets a table of contents unless it says so)',
  redirectFrom: 'redirectFrom: [/blog/old-slug/] (the paths the post was at, without the base)',
  translationOf: 'translationOf: original-slug (in posts/<locale>/: the slug of the post in posts/ this one translates; not needed when the file names are the same)',
}
