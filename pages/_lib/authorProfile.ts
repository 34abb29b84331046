import { authors } from 'virtual:kube-site/config'
import type { SiteConfig } from '../../cli/content/types.ts'
import { termSlug } from './taxonomy.ts'

export type AuthorProfile = SiteConfig['authors'][string]

let bySlug: Map<string, AuthorProfile> | undefined

/** What the site config says of the author whose URL segment is `slug` (config.authors), if anything. */
export function authorProfile(slug: string): AuthorProfile | undefined {
  bySlug ??= new Map(Object.entries(authors).map(([name, profile]) => [termSlug(name), profile]))
  // A name with no letter or digit has no URL segment, and no page to show a profile on.
  return slug ? bySlug.get(slug) : undefined
}

/** The initials of a name, for an avatar without a photo: 'Ana Ruiz' → 'AR'. */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('')
