import { site } from 'virtual:kube-site/config'
import { textDirection } from './siteLocale.ts'

/** The direction the site's language is written in ('rtl' for Arabic, Hebrew, Persian, Urdu…): every page's `<html dir>`. */
export const SITE_DIRECTION = textDirection(site.language, site.direction)
