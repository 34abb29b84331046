import { brand as brandByLocale } from 'virtual:kube-site/config'
import { useLocalized } from '../../_lib/locales/pageLocale.ts'
import type { ReactNode } from 'react'
import { AuthorAvatar } from '../../_components/blog/AuthorAvatar.tsx'
import { Icon } from '../../_components/common/Icon.tsx'
import { InLanguage } from '../../_components/common/InLanguage.tsx'
import { InPlaceLink } from '../../_components/common/InPlaceLink.tsx'
import { SiteLink } from '../../_components/common/SiteLink.tsx'
import { authorProfile } from '../../_lib/blog/authorProfile.ts'
import type { ListScope } from '../../_lib/pageData.ts'
import { AUTHORS_URL, TAGS_URL, tagFeedUrl } from '../../_lib/urls/urls.ts'
import styles from './BlogList.module.scss'
import { useSiteText } from '../../_lib/text/siteText.ts'
import { usePageHref, usePageLocale } from '../../_lib/locales/pageLocale.ts'
import { langOf } from '../../_lib/text/textLanguage.ts'

/** The head of a tag's or an author's list: its name, post count, way to the index; a tag's feed; an author's photo, role, bio and links. `children` follow. */
export function ScopeHeader({ scope, children }: { scope: ListScope; children?: ReactNode }) {
  const pageHref = usePageHref()
  const brand = useLocalized(brandByLocale)
  const { blog: blogText, lang } = useSiteText()
  const locale = usePageLocale()
  const profile = scope.kind === 'author' ? authorProfile(scope.slug, locale) : undefined
  const text = blogText[scope.kind]
  return (
    <header className={styles.header}>
      {scope.kind === 'author' && <AuthorAvatar name={scope.name} size="large" />}
      <p className={styles.eyebrow} {...lang(scope.kind === 'tag' ? 'tagEyebrow' : 'authorEyebrow')}>{text.eyebrow}</p>
      {/* Focus lands here after a page change, so a screen reader announces the new page. */}
      <h1 className={styles.title} tabIndex={-1}>{scope.name}</h1>
      {profile?.role && <p className={styles.role} {...langOf(profile, 'role')}>{profile.role}</p>}
      {profile?.bio && <p className={styles.description} {...langOf(profile, 'bio')}>{profile.bio}</p>}
      <p className={styles.description} {...lang(scope.kind === 'tag' ? 'tagDescription' : 'authorDescription')}>{text.description(scope.name, scope.count, brand.name)}</p>
      {profile && profile.links.length > 0 && (
        <ul className={styles.links} aria-label={blogText.author.linksLabel(scope.name)}>
          {profile.links.map((link) => <li key={link.href}><SiteLink href={link.href} className={styles.link}>{link.label}</SiteLink></li>)}
        </ul>
      )}
      <ul className={styles.links}>
        <li>
          <InPlaceLink href={pageHref(scope.kind === 'tag' ? TAGS_URL : AUTHORS_URL)} className={styles.link}>
            <Icon name="arrowLeft" size={16} />
            <InLanguage language={lang(scope.kind === 'tag' ? 'allTags' : 'allAuthors')}>{blogText.index[scope.kind].all}</InLanguage>
          </InPlaceLink>
        </li>
        {scope.kind === 'tag' && (
          <li>
            {/* A feed is a file, not a page: a plain link. */}
            <a href={pageHref(tagFeedUrl(scope.slug))} type="application/rss+xml" className={styles.link} {...lang('tagFeed')}>{blogText.tag.feed}</a>
          </li>
        )}
      </ul>
      {children}
    </header>
  )
}
