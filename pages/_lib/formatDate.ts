import { site } from 'virtual:kube-site/config'
import { formatDay } from './formatDay.ts'

/** 'YYYY-MM-DD' → the day in the site's language ('January 5, 2026' in English), as every page shows dates. */
export const formatDate = (day: string): string => formatDay(day, site.language)
