import { relative } from 'node:path'
import { configPathText } from '../content/config/configPath.ts'
import { localeCopyFallbacks } from '../content/locales/localeFallbacks.ts'
import type { SiteConfig } from '../content/config/siteConfigSchema.ts'
import { finding, type Finding } from './findings.ts'
import { languageName } from './uiStringFindings.ts'

// The config texts each locale shows in the default's language (localeFallbacks.ts decides, as for the pages), one
// finding each by config path: a warning, as the page works and reads.

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
