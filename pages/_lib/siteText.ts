import { site, ui } from 'virtual:kube-site/config'
import { blogText } from './blogText.ts'
import { uiStrings } from './uiStrings.ts'
import { uiText } from './uiText.ts'

// The interface strings in the site's language (site.language, the config's `ui` over them), for
// the pages: one config per build, so resolved once, when a page first needs them.

export const SITE_STRINGS = uiStrings(site.language, ui)
export const UI_TEXT = uiText(SITE_STRINGS)
export const BLOG_TEXT = blogText(SITE_STRINGS)
