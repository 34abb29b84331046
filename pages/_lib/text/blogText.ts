import type { UiStrings } from './uiStrings.ts'

/** The blog's interface words by use (not copy, which is site.config.ts's), functions where a value goes in: pages take them from siteText.ts, the CLI's feeds from the config. */
export function blogText(strings: UiStrings) {
  const text = strings.text
  return {
    /** Accessible name of the pagination landmark. */
    pagesLabel: text('blogPages'),
    previous: text('previous'),
    next: text('next'),
    backToBlog: text('backToBlog'),
    tagsLabel: text('tagsLabel'),
    readPost: text('readPost'),
    /** The label of a post in another language on a list (`language`: its name in the page's language, languageNameIn). */
    onlyIn: (language: string) => text('onlyIn', { language }),
    /** The heading of the posts offered at the end of a post. */
    readNext: text('readNext'),
    /** Before the day of a post's last update, in its byline. */
    updated: text('updated'),
    /** A post's reading time, from its minutes. */
    minRead: (minutes: number) => text('minRead', { minutes }),
    pageOf: (page: number, total: number) => text('pageOf', { page, total }),
    postCount: (count: number) => text('postCount', { count }),
    /** A tag's list: its eyebrow, title, description and feed link. */
    tag: {
      eyebrow: text('tagEyebrow'),
      title: (name: string) => text('tagTitle', { name }),
      description: (name: string, count: number, brand: string) => text('tagDescription', { name, count, brand }),
      feed: text('tagFeed'),
      feedTitle: (name: string, brand: string) => text('tagFeedTitle', { name, brand }),
    },
    author: {
      eyebrow: text('authorEyebrow'),
      title: (name: string) => text('authorTitle', { name }),
      description: (name: string, count: number, brand: string) => text('authorDescription', { name, count, brand }),
      /** Accessible name of the author's links. */
      linksLabel: (name: string) => text('authorLinks', { name }),
    },
    /** The indexes of every tag and every author. */
    index: {
      tag: {
        title: text('tagIndexTitle'),
        description: (brand: string) => text('tagIndexDescription', { brand }),
        empty: text('tagIndexEmpty'),
        /** The link to this index from a tag's list. */
        all: text('allTags'),
      },
      author: {
        title: text('authorIndexTitle'),
        description: (brand: string) => text('authorIndexDescription', { brand }),
        empty: text('authorIndexEmpty'),
        all: text('allAuthors'),
      },
    },
    noPosts: text('noPosts'),
    /** The search field on every blog page, and the search page. */
    search: {
      label: text('searchLabel'),
      placeholder: text('searchPlaceholder'),
      submit: text('searchSubmit'),
      title: text('searchTitle'),
      description: (brand: string) => text('searchDescription', { brand }),
      tagLabel: text('searchTagLabel'),
      anyTag: text('searchAnyTag'),
      loading: text('searchLoading'),
      /** Announced by the live region, and shown above the results. */
      count: (count: number, query: string, tag?: string) => {
        let results = text('searchCount', { count })
        if (query) results = text('searchForQuery', { results, query })
        return tag ? text('searchTagged', { results, tag }) : results
      },
      prompt: text('searchPrompt'),
      showing: (shown: number, count: number) => text('searchShowing', { shown, count }),
      more: text('searchMore'),
      /** The option at the end of the field's suggestions that opens the search page. */
      all: (query: string) => text('searchAll', { query }),
      noScript: text('searchNoScript'),
      browseTags: text('searchBrowseTags'),
      dev: text('searchDev'),
      failed: text('searchFailed'),
    },
    /** Badges of posts only --drafts and `kube-site dev` show. */
    status: { draft: text('draft'), scheduled: text('scheduled') },
  }
}
