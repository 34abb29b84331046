import { relative } from 'node:path'
import { CATALOGS, ENGLISH } from '../../pages/_lib/text/uiCatalogs.ts'
import { catalogLanguage, uiFallbacks } from '../../pages/_lib/text/uiStrings.ts'
import type { SiteConfig } from '../content/types.ts'
import { finding, type Finding } from './findings.ts'

// Interface strings shown in English on a site in another language, each with the config path that would translate it: a warning.

/** Each interface string of `config` falling back to English, at `file`; for `locale` (code and index), of its config, prefixed with its code. */
export function uiStringFindings(config: Pick<SiteConfig, 'site' | 'ui'>, file: string, cwd: string, locale?: { code: string; index: number }): Finding[] {
  const language = config.site.language
  const shipped = CATALOGS[catalogLanguage(language)] !== undefined
  const name = languageName(catalogLanguage(language))
  const why = shipped ? `kube-site's ${name} catalog has no translation of it` : `kube-site ships no ${name} catalog`
  const shown = relative(cwd, file) || file
  const where = locale ? `locales[${locale.index}].ui` : 'ui'
  return uiFallbacks(language, config.ui).map((key) =>
    finding('UI_STRING_FALLBACK', {
      message: locale
        ? `${locale.code}: ${where}.${key} shows in English, ${JSON.stringify(ENGLISH[key])}: ${why}`
        : `ui.${key} shows in English, ${JSON.stringify(ENGLISH[key])}: ${why} (site.language is ${JSON.stringify(language)})`,
      file: shown,
      hint: `Translate it in ${shown}: ${locale ? `locales[${locale.index}] (${locale.code}), ` : ''}ui: { ${key}: '…' }, with the same placeholders as English.`,
    }),
  )
}

/** 'de' → 'German'; the subtag itself where Intl does not know it. */
export function languageName(language: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language
  } catch {
    return language
  }
}
