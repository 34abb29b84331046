import { relative } from 'node:path'
import { configPathText } from '../content/config/configPath.ts'
import { localeCopyFallbacks } from '../content/locales/localeFallbacks.ts'
import type { SiteConfig } from '../content/config/siteConfigSchema.ts'
import { finding, type Finding } from './findings.ts'
import { languageName } from './uiStringFindings.ts'

// The texts of the config each locale shows in the default's language: its copy (locales[].copy)
// does not give them (content/locales/localeFallbacks.ts decides, as for the pages, which mark them with
// their language). One finding a string, named by its config path, as the writer would translate
// it. The page works and reads, in two languages: a warning, so the check passes.

/** Each copy string of the config that a locale of the site falls back on, at the config `file`. */
export function copyFindings(config: Pick<SiteConfig, 'site' | 'locales' | 'legal'>, file: string, cwd: string): Finding[] {
  const shown = relative(cwd, file) || file
  const fallback = languageName(config.site.language)
  return config.locales.flatMap(({ code }, index) =>
    localeCopyFallbacks(config, index).map((path) =>
      finding('COPY_FALLBACK', {
        message: `${code}: ${configPathText(path)} (falls back to ${fallback})`,
        file: shown,
        hint: `Translate it in ${shown}: ${configPathText(['locales', index, 'copy', ...path])}.`,
      }),
    ),
  )
}
