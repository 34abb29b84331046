import { relative } from 'node:path'
import { copyFallbacks } from '../content/localeCopy.ts'
import { configPathText } from '../content/configPath.ts'
import { localeCopySchema, type SiteConfig } from '../content/siteConfigSchema.ts'
import { finding, type Finding } from './findings.ts'
import { languageName } from './uiStringFindings.ts'

// The texts of the config each locale shows in the default's language: its copy (locales[].copy)
// does not give them. One finding a string, named by its config path, as the writer would
// translate it. The page works and reads, in two languages: a warning, so the check passes.
// A legal document a locale gives no PDF of its own is no page of that locale (its pages link to
// the default's: pages/_lib/pageTranslations.ts hasLegalPage), as a post written in one language
// only is none of the others': its texts show on no page of the locale, and none is listed.

/** Each copy string of the config that a locale of the site falls back on, at the config `file`. */
export function copyFindings(config: Pick<SiteConfig, 'site' | 'locales' | 'legal'>, file: string, cwd: string): Finding[] {
  const shown = relative(cwd, file) || file
  const fallback = languageName(config.site.language)
  return config.locales.flatMap(({ code, copy }, index) => {
    const lent = new Set(Object.keys(config.legal).filter((document) => copy?.legal?.[document as keyof SiteConfig['legal']]?.pdf === undefined))
    const strings = copyFallbacks(localeCopySchema, config, copy).filter(([section, document]) => !(section === 'legal' && lent.has(String(document))))
    return strings.map((path) =>
      finding('COPY_FALLBACK', {
        message: `${code}: ${configPathText(path)} (falls back to ${fallback})`,
        file: shown,
        hint: `Translate it in ${shown}: ${configPathText(['locales', index, 'copy', ...path])}.`,
      }),
    )
  })
}
