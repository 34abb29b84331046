import { authorProfile, initialsOf } from '../../_lib/blog/authorProfile.ts'
import { withBase } from '../../_lib/urls/href.ts'
import { usePageLocale } from '../../_lib/locales/pageLocale.ts'
import { termSlug } from '../../_lib/blog/taxonomy.ts'
import styles from './AuthorAvatar.module.scss'

/** An author's photo from the site config (config.authors), else their initials. Decorative: their name is beside it. */
export function AuthorAvatar({ name, size = 'small', className = '' }: { name: string; size?: 'small' | 'large'; className?: string }) {
  const avatar = authorProfile(termSlug(name), usePageLocale())?.avatar
  const classes = `${styles.avatar} ${size === 'large' ? styles.large : ''} ${className}`.replace(/\s+/g, ' ').trim()
  const pixels = size === 'large' ? 96 : 36
  return avatar ? (
    // The large one heads an author's page: in the first screen, so not lazy.
    <img src={withBase(avatar)} alt="" width={pixels} height={pixels} loading={size === 'large' ? undefined : 'lazy'} decoding="async" className={classes} />
  ) : <span className={classes} aria-hidden="true">{initialsOf(name)}</span>
}
