import { Command } from 'commander'
import { relative, resolve } from 'node:path'
import { toolRoot } from '../toolRoot.ts'
import { out as c } from '../ui/colors.ts'

interface LegalFlags {
  config: string
}

/** `kube-site legal`: renders cli/legal/*.md into the PDFs the legal pages show. */
export const legalCommand = new Command('legal')
  .description('render the privacy policy and terms of service (cli/legal/*.md) into their PDFs in public/')
  .option('-c, --config <file>', 'site config file (brand, email, site URL, titles, dates, PDF paths)', 'site.config.ts')
  .addHelpText('after', '\nRun it after editing cli/legal/*.md or the legal part of the config; PDFs whose bytes do not change are left alone.\n\nExample:\n  $ kube-site legal')
  .action(async (flags: LegalFlags) => {
    const cwd = process.cwd()
    // Loaded here, not at the top: `kube-site --help` should not pay for zod or pdfkit.
    const [{ loadSiteConfig }, { today }, { buildLegalPdfs }, { legalPdfOptions }] = await Promise.all([
      import('../content/config/loadSiteConfig.ts'),
      import('../content/frontmatter/dates.ts'),
      import('../legal/renderLegalPdf.ts'),
      import('../legal/legalPdfOptions.ts'),
    ])
    const { config } = await loadSiteConfig(resolve(cwd, flags.config), cwd)
    const written = await buildLegalPdfs(legalPdfOptions(config, { root: toolRoot, today: today() }))
    const shown = (path: string) => relative(cwd, path) || path
    if (written.length === 0) process.stdout.write(`  ${c.green('✓')} legal PDFs are up to date\n`)
    for (const path of written) process.stdout.write(`  ${c.green('✓')} wrote ${shown(path)}\n`)
  })
