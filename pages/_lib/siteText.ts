import { site, uiTemplates } from 'virtual:kube-site/config'
import { blogText } from './blogText.ts'
import { messageStrings } from './uiMessage.ts'
import { uiText } from './uiText.ts'

// The interface strings in the site's language, for the pages: the config module serves the
// templates uiStrings.ts resolved for it (the config's `ui` over the language's catalog), so no
// catalog reaches the browser; one config per build, so made once, when a page first needs them.

export const SITE_STRINGS = messageStrings(site.language, uiTemplates)
export const UI_TEXT = uiText(SITE_STRINGS)
export const BLOG_TEXT = blogText(SITE_STRINGS)
