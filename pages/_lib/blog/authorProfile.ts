import { authors } from 'virtual:kube-site/config'
import type { SiteConfig } from '../../../cli/content/types.ts'
import type { SiteLocale } from '../locales/locales.ts'
import { valueIn } from '../locales/pageLocale.ts'
import { termSlug } from './taxonomy.ts'

export type AuthorProfile = SiteConfig['authors'][string]

/** Each locale's profiles by URL segment, made when first asked. */
const bySlug = new Map<string, Map<string, AuthorProfile>>()

/** What config.authors says of the author whose URL segment is `slug`, in `locale` (its copy's role and bio, else the default's). */
export function authorProfile(slug: string, locale: SiteLocale): AuthorProfile | undefined {
  let profiles = bySlug.get(locale.code)
  if (!profiles) bySlug.set(locale.code, (profiles = new Map(Object.entries(valueIn(authors, locale)).map(([name, profile]) => [termSlug(name), profile]))))
  // A name with no letter or digit has no URL segment, and no page to show a profile on.
  return slug ? profiles.get(slug) : undefined
}

/** The initials of a name, for an avatar without a photo: 'Ana Ruiz' → 'AR'. */
export const initialsOf = (name: string): string => name.split(/\s+/).slice(0, 2).map((word) => word[0]?.toUpperCase() ?? '').join('')
