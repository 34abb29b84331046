import type { ListedPost } from '../../_lib/pageData.ts'
import { InLanguage } from '../common/InLanguage.tsx'
import { rememberOrigin } from '../../_lib/blog/blogOrigin.ts'
import { postUrl } from '../../_lib/urls/urls.ts'
import { InPlaceLink } from '../common/InPlaceLink.tsx'
import { ALONG_THE_LINE } from '../common/Icon.tsx'
import styles from './PostCard.module.scss'
import { PostImage } from './PostImage.tsx'
import { CARD_SIZES } from '../../_lib/picture.ts'
import { PostMeta } from './PostMeta.tsx'
import { TagList } from './TagList.tsx'
import { siteText, useSiteText } from '../../_lib/text/siteText.ts'
import { LocaleContext, usePageHref, usePageLocale } from '../../_lib/locales/pageLocale.ts'
import { siteLocales } from 'virtual:kube-site/config'
import { languageNameIn } from '../../_lib/locales/locales.ts'
import type { TextLanguage } from '../../_lib/text/textLanguage.ts'

export interface PostCardProps {
  post: ListedPost
  /** The path of the list page showing the card (without the base): Back to Blog on the post returns there. */
  origin: string
  /** The first cards are in the first screen: their images load at once. */
  eager?: boolean
  /** The page's largest paint (the first card): its image is fetched first. */
  priority?: boolean
}

/**
 * A post on a list, one link (the title's) that opens it in place. A post of another locale than the
 * page's (untranslatedPosts.ts) is that locale's card (its `lang`, links and words), labelled in the page's.
 */
export function PostCard(props: PostCardProps) {
  const pageLocale = usePageLocale()
  const postLocale = siteLocales.find((locale) => locale.code === props.post.locale)
  if (!postLocale || postLocale.code === pageLocale.code) return <Card {...props} />
  const pageText = siteText(pageLocale)
  const label = pageText.blog.onlyIn(languageNameIn(postLocale.code, pageLocale.code))
  // The label is the page's: in its language, or in English where the page shows the string so.
  const language = { lang: pageLocale.code, dir: pageLocale.direction, ...pageText.lang('onlyIn') }
  return <LocaleContext.Provider value={postLocale}><Card {...props} inOtherLanguage={{ label, language }} /></LocaleContext.Provider>
}

/** A card in the language of its post, with the label that says so in the page's. */
interface OtherLanguage {
  label: string
  /** The label's language and direction: the page's (an Arabic page's label is right to left on an English card). */
  language: TextLanguage
}

function Card({ post, origin, eager = false, priority = false, inOtherLanguage }: PostCardProps & { inOtherLanguage?: OtherLanguage }) {
  const pageHref = usePageHref()
  const { code, direction } = usePageLocale()
  const { blog: blogText, lang } = useSiteText()
  return (
    <article className={styles.card} lang={inOtherLanguage && code} dir={inOtherLanguage && direction}>
      <PostImage post={post} lazy={!eager} priority={priority} sizes={CARD_SIZES} className={styles.image} />
      <div className={styles.body}>
        <TagList tags={post.tags} status={post.status} />
        <h2 className={styles.title}>
          {/* Back to Blog on another language's post goes to its own blog: the list it came from is not there. */}
          <InPlaceLink href={pageHref(postUrl(post.slug))} hrefLang={inOtherLanguage && code} className={styles.link} onFollow={inOtherLanguage ? undefined : () => rememberOrigin(post.slug, origin)}>
            {post.hyphenatedTitle ?? post.title}
          </InPlaceLink>
        </h2>
        {inOtherLanguage && <p className={styles.language} {...inOtherLanguage.language}>{inOtherLanguage.label}</p>}
        <p className={styles.excerpt}>{post.excerpt}</p>
        <div className={styles.footer}>
          <PostMeta post={post} />
          <span className={styles.more} aria-hidden="true">
            <InLanguage language={lang('readPost')}>{blogText.readPost}</InLanguage>
            <svg className={`icon ${ALONG_THE_LINE}`} viewBox="0 0 16 16" width="16" height="16"><path d="M3 8h10M9 4l4 4-4 4" /></svg>
          </span>
        </div>
      </div>
    </article>
  )
}
