import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { toolRoot } from '../../toolRoot.ts'
import { normalizeSitePath } from '../redirects/normalizeSitePath.ts'
import { EXTENDABLE, originSource, sourceProblem, type Directive } from '../../security/contentSecurityPolicy.ts'
import { configRemoteFiles } from '../../security/configRemoteFiles.ts'
import { languageTag } from '../locales/languageTag.ts'
import { uiOverrides } from './uiStringsSchema.ts'
import { localePrefix } from '../../../pages/_lib/locales/locales.ts'
import { configPathText } from './configPath.ts'
import { copyBeyondDefault, copySchemaOf, copyText, type LocaleCopy } from '../locales/localeCopy.ts'

// The schema of site.config.ts: each field's JSDoc (purpose, default) is what a writer sees; strict objects, typos named; `copyText` marks what locales translate.

const url = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
/** A link target: an absolute URL, a site path starting with '/', or an anchor like '#pricing'. */
const href = z
  .string()
  .refine((value) => /^(https?:\/\/|mailto:|\/|#)/.test(value), {
    error: "must start with https://, http://, mailto:, '/' or '#'",
  })
/** A site path (served from public/) or an absolute URL. */
const asset = z.string().refine((value) => /^(https?:\/\/|\/)/.test(value), { error: "must be an absolute URL or a path starting with '/' (a file in public/)" })
/** The ids of the site's icons: the symbols of pages/_components/common/icons.svg, read once. */
let iconIds: string[] | undefined
export const siteIcons = (): string[] =>
  (iconIds ??= [...readFileSync(join(toolRoot, 'pages', '_components', 'common', 'icons.svg'), 'utf8').matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]!))
/** An icon of the site by name: a name the icon file lacks would draw nothing. */
const iconName = z.string().refine((name) => siteIcons().includes(name), {
  error: (issue) => `${JSON.stringify(issue.input)} is not one of the site's icons (${siteIcons().join(', ')})`,
})
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as YYYY-MM-DD' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), { error: 'is not a real calendar date' })
/** Sources a config adds to the pages' CSP by directive, each checked by CSP's grammar for its directive (`https:` is fine in img-src, not script-src). */
const cspSources = z.partialRecord(z.enum(EXTENDABLE as [Directive, ...Directive[]]), z.array(z.string())).superRefine((record, context) => {
  for (const [directive, sources] of Object.entries(record) as [Directive, string[]][]) {
    sources.forEach((source, index) => {
      const problem = sourceProblem(source, directive)
      if (problem) context.addIssue({ code: 'custom', path: [directive, index], message: problem.reason, params: { hint: problem.hint } })
    })
  }
})

const text = z.string().trim().min(1, { error: 'must not be empty' })
/** Text a locale translates (locales[].copy), not empty. */
const copy = () => copyText(text)
/** Text a locale translates, possibly empty. */
const copyString = () => copyText(z.string())
/** A colour as #rrggbb. */
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: "must be a colour as #rrggbb, like '#0b1120'" })

const link = z.strictObject({
  /** Visible text of the link. */
  label: copy(),
  /** Where it goes: absolute URLs open in a new tab, '/path/' and '#anchor' stay on the site. */
  href,
  /** One line shown under the label in menus. Default: none. */
  description: copyString().optional(),
})

const themedImage = z.strictObject({
  /** Image shown in light theme. */
  light: asset,
  /** Image shown in dark theme. */
  dark: asset,
  /** Text alternative for both. */
  alt: copyString(),
  /** Intrinsic width in pixels, so the browser reserves space. Default: 1200. */
  width: z.number().int().positive().default(1200),
  /** Intrinsic height in pixels. Default: 750. */
  height: z.number().int().positive().default(750),
})

const featureCard = z.strictObject({
  /** Icon name from the site's icon set (shield, network, chat, map, bolt, lock, eye, git, server, cpu, check, layers). */
  icon: iconName.default('shield'),
  title: copy(),
  description: copy(),
})

/** What a section of the home page opens with: a label, its heading and a few words under it. */
const sectionHeading = {
  /** Small label above the heading. Default: none. */
  eyebrow: copyString().optional(),
  title: copy(),
  description: copy(),
}

const featureSection = z.strictObject({
  ...sectionHeading,
  /** Feature cards of the section (icon, title, description). */
  features: z.array(featureCard).min(1),
  /** Screenshot or illustration, with a light and a dark source. */
  image: themedImage,
})

const plan = z.strictObject({
  name: copy(),
  /** Price as shown, e.g. '$300' or 'Custom'. */
  price: copy(),
  /** Period after the price, e.g. '/month'. Default: none (for custom prices). */
  period: copyString().default(''),
  description: copy(),
  features: z.array(copy()).min(1),
  /** Button text. */
  cta: copy(),
  /** Highlights the plan as the most popular one. Default: false. */
  popular: z.boolean().default(false),
  /** Button target: the registration URL or '#contact'. */
  href,
})

const legalDocument = z.strictObject({
  /** Heading of the page, e.g. 'Privacy Policy'. */
  title: copy(),
  /** The PDF, a path in public/ such as '/uploads/privacy-policy.pdf' (a locale may give its own). */
  pdf: copyText(z.string().regex(/^\/.+\.pdf$/, { error: "must be a path in public/ ending in .pdf, like '/uploads/privacy-policy.pdf'" })),
  /** Date shown as 'Last updated' (YYYY-MM-DD). Default: the build date. */
  updated: isoDate.optional(),
  /** Meta description of the page. */
  description: copy(),
})

/** Old paths and the pages they moved to, each made into a page URL's form (normalizeSitePath). */
const redirects = z.record(z.string(), z.string({ error: 'must be the path of a page of the site, like /blog/new-post/' })).transform((value, context) => {
  const targets: Record<string, string> = {}
  const written = new Map<string, string>()
  for (const [from, to] of Object.entries(value)) {
    const old = normalizeSitePath(from)
    const target = normalizeSitePath(to)
    if ('problem' in old) context.addIssue({ code: 'custom', message: `old path "${from}" ${old.problem}`, path: [from], input: from })
    if ('problem' in target) context.addIssue({ code: 'custom', message: `target "${to}" ${target.problem}`, path: [from], input: to })
    if ('problem' in old || 'problem' in target) continue
    const same = written.get(old.path)
    if (same !== undefined) context.addIssue({ code: 'custom', message: `"${from}" is the old path "${same}" again (both are ${old.path})`, path: [from], input: from })
    else written.set(old.path, from)
    targets[old.path] ??= target.path
  }
  return targets
})

const siteConfigFields = z.strictObject({
  /** The product's brand. */
  brand: z.strictObject({
    /** Brand name, shown in the header, footer and titles; the theme's storage key derives from it. */
    name: text,
    /** Logo for light and dark theme (paths in public/ or URLs). */
    logo: z.strictObject({ light: asset, dark: asset }),
    /** The brand's colours (#rrggbb) on the social cards, which show the logo suiting their background. Default: '#0b1120', '#f1f5f9', '#818cf8', '#22d3ee'. */
    colors: z
      .strictObject({ background: hexColor.default('#0b1120'), text: hexColor.default('#f1f5f9'), primary: hexColor.default('#818cf8'), accent: hexColor.default('#22d3ee') })
      .prefault({}),
  }),
  /** Where and how the site is published. */
  site: z.strictObject({
    /** Public origin of the site, used for canonical URLs, the sitemap and feeds, e.g. 'https://example.com'. */
    url,
    /** URL prefix when the site is served from a sub-path, e.g. '/marketing/'. Default: '/'. The build's --base wins. */
    base: z.string().regex(/^\/(.*\/)?$/, { error: "must start and end with '/', like '/' or '/docs/'" }).default('/'),
    /** Site description for the home page and the feed. */
    description: copy(),
    /** Language of the pages, BCP 47 ('de-CH', 'zh-Hant'): `<html lang>`, og:locale ('de' → de_DE), dates, search stemming, feeds. Default: 'en'. */
    language: languageTag.default('en'),
    /** Direction of the text, 'ltr' or 'rtl' (`<html dir>`). Default: the language's: 'rtl' for Arabic, Hebrew, Persian, Urdu and others written right to left. */
    direction: z.enum(['ltr', 'rtl']).optional(),
    /** Twitter/X handle for cards, e.g. '@kubeguard'. Default: none. */
    twitter: z.string().optional(),
  }),
  /** Interface words by key over site.language's catalog (de, fr, es, ja shipped; English else), placeholders kept: `pageOf: 'Seite {page} von {total}'`. Default: none. */
  ui: uiOverrides.default({}),
  /** Every external URL of the site, in one place. */
  links: z.strictObject({
    /** Registration page of the platform (Get Started, Starter plan). */
    register: url,
    /** Login page of the platform (Sign In). */
    login: url,
    /** Quickstart documentation (Docs). */
    docs: url,
    /** Booking page for a 30-minute demo call (Book a Demo, Schedule a Demo). */
    demo: url,
    /** The open-source operator's repository (View on GitHub). */
    github: url,
    /** Trust Center. */
    trustCenter: url,
    /** Social profiles shown in the footer. */
    socials: z.array(z.strictObject({ label: text, href: url, icon: z.enum(['github', 'linkedin', 'x', 'youtube']) })),
  }),
  /** The header's navigation. */
  nav: z.strictObject({
    /** Label of the Platform dropdown. Default: 'Platform'. */
    platformLabel: copyString().default('Platform'),
    /** Entries of the Platform dropdown, one per feature section. */
    platform: z.array(link).min(1),
    /** Links after the dropdown (Architecture, Pricing, Contact, Blog, Docs). */
    links: z.array(link),
    /** The Sign In link. */
    signIn: link,
  }),
  hero: z.strictObject({
    /** Badge above the headline. */
    badge: copy(),
    /** The page's h1. */
    title: copy(),
    tagline: copy(),
    primaryCta: link,
    secondaryCta: link,
    /** The demo video. */
    video: z.strictObject({
      src: asset,
      /** Image shown before the video plays (a path in public/ keeps it fast); a locale gives its own when the image holds words. */
      poster: copyText(asset),
      /** Accessible title of the video. */
      title: copy(),
      width: z.number().int().positive().default(1280),
      height: z.number().int().positive().default(720),
      /** WebVTT captions for the video (a path in public/ or a URL). Default: none. */
      captions: copyText(asset).optional(),
    }),
  }),
  riskAssessment: z.strictObject({
    ...sectionHeading,
    /** Carousel slides: title, description and a themed image each. */
    slides: z.array(z.strictObject({ title: copy(), description: copy(), image: themedImage })).min(1),
    /** How the carousel behaves. Default: { loop: true, align: 'center' }. */
    carousel: z
      .object({
        /** Wrap from the last slide to the first and back. Default: true. */
        loop: z.boolean().default(true),
        /** Where the selected slide sits in the carousel. Default: 'center'. */
        align: z.enum(['start', 'center', 'end']).default('center'),
      })
      .prefault({}),
  }),
  networkSecurity: featureSection,
  aiIntelligence: featureSection,
  topologyMap: featureSection,
  getStarted: z.strictObject({
    ...sectionHeading,
    /** The Helm install command, placeholders included. */
    command: text,
    /** The install-time claim, e.g. 'under 30 seconds'. */
    installTime: copy(),
    /** Words before the install-time claim. Default: 'Installs in'. */
    installTimeLabel: copyString().default('Installs in'),
    /** Heading of the platform list. Default: 'Supported platforms'. */
    platformsLabel: copyString().default('Supported platforms'),
    /** Heading of the network-layer list. Default: 'Network layers'. */
    networkLayersLabel: copyString().default('Network layers'),
    /** Toast shown when the command is copied. Default: 'Install command copied to clipboard'. */
    copiedMessage: copyString().default('Install command copied to clipboard'),
    /** Supported platforms, e.g. 'AWS EKS' (copy: 'On-premise' is a word of the page's language). */
    platforms: z.array(copy()).min(1),
    /** Network layers, e.g. { name: 'Cilium', layer: 'L3/L4' }. */
    networkLayers: z.array(z.strictObject({ name: text, layer: text })),
  }),
  architecture: z.strictObject({ ...sectionHeading, items: z.array(featureCard).min(1) }),
  pricing: z.strictObject({
    /** Small label above the heading. Default: none. */
    eyebrow: copyString().optional(),
    /** Heading of the pricing section on the home page. */
    title: copy(),
    /** h1 of the standalone /pricing/ page. Default: 'Choose Your Security Plan'. */
    pageTitle: copyString().default('Choose Your Security Plan'),
    description: copy(),
    plans: z.array(plan).min(1),
    /** What a workload is, shown under the plans. */
    workloadDefinition: copy(),
    /** What every plan includes. */
    includedInAll: z.array(copy()),
    /** Heading of the list of what every plan includes. Default: 'Included in every plan'. */
    includedLabel: copyString().default('Included in every plan'),
    /** Badge on the popular plan. Default: 'Most popular'. */
    popularLabel: copyString().default('Most popular'),
  }),
  contact: z.strictObject({
    ...sectionHeading,
    /** Contact email, shown as text. */
    email: z.email({ error: 'must be an email address' }),
    /** Label of the Email Us element. Default: 'Email Us'. */
    emailLabel: copyString().default('Email Us'),
    /** Label of the Schedule a Demo link (goes to links.demo). Default: 'Schedule a Demo'. */
    scheduleLabel: copyString().default('Schedule a Demo'),
    /** Label of the GitHub button (goes to links.github). Default: 'View on GitHub'. */
    githubLabel: copyString().default('View on GitHub'),
  }),
  footer: z.strictObject({
    /** Link columns, e.g. Platform, Resources, Legal. */
    columns: z.array(z.strictObject({ title: copy(), links: z.array(link) })),
    /** Status line. Default: 'All systems online'. */
    status: copyString().default('All systems online'),
    /** Copyright year. Default: 2025. */
    copyrightYear: z.number().int().default(2025),
  }),
  /** The two legal pages. */
  legal: z.strictObject({ privacyPolicy: legalDocument, termsOfService: legalDocument }),
  blog: z.strictObject({
    /** Heading of the blog list. Default: 'Blog'. */
    title: copyString().default('Blog'),
    description: copy(),
    /** Posts per list page. Default: 2. */
    pageSize: z.number().int().min(1).max(100).default(2),
    /** Posts per page of a tag's or author's list: a reader who opens a topic came to see its posts. Default: 12. */
    tagPageSize: z.number().int().min(1).max(100).default(12),
    /** Author written by `kube-site new` when --author is not given. */
    defaultAuthor: text,
    /** What each feed item carries (RSS, Atom, JSON Feed, blog and tags): 'full' text or 'excerpt' only (smaller feeds). Default: 'full'. */
    feedContent: z.enum(['full', 'excerpt'], { error: "must be 'full' or 'excerpt'" }).default('full'),
  }),
  /** Who writes the blog, by the `author` posts give (case and accents aside): their page's profile; an author without one still has a page. Default: {}. */
  authors: z
    .record(
      text,
      z.strictObject({
        /** Their role, shown under the name, e.g. 'Staff Engineer, Platform Security'; a locale's copy translates it by the author's key. Default: none. */
        role: copyText(z.string().trim()).optional(),
        /** A square photo: a file in public/ ('/images/authors/ana.jpg') or an absolute URL. Default: their initials. */
        avatar: asset.optional(),
        /** A sentence or two about them, on their page; a locale's copy translates it by the author's key. Default: none. */
        bio: copyText(z.string().trim()).optional(),
        /** Their profiles (GitHub, LinkedIn, a personal site), shown on their page. Default: none. */
        links: z.array(z.strictObject({ label: text, href })).default([]),
      }),
    )
    .default({}),
  /** Old paths and the pages they moved to (without the base): a page at each sends visitors on, query and #fragment kept; never to an old path. Default: {}. */
  redirects: redirects.default({}),
  /** How `kube-site deploy` publishes the site to object storage. Default: the built-in rules only. */
  deploy: z
    .object({
      /** Cache-Control rules before the defaults, the first `match`ing glob ('images/**') wins. Default: [] (the defaults: cli/deploy/README.md). */
      cacheControl: z
        .array(
          z.strictObject({
            /** A glob on the file's path in dist/, like 'images/**' (picomatch syntax; a leading '/' is ignored). */
            match: z.string().trim().min(1, { error: 'must not be empty' }),
            /** The Cache-Control header, e.g. 'public, max-age=86400'. */
            value: z.string().regex(/^[\x20-\x7e]+$/, { error: 'must be a header value: printable ASCII on one line' }),
          }),
        )
        .default([]),
      /** Store text gzipped (`Content-Encoding: gzip`), as S3 website hosting does not compress; off for a host that compresses itself. Default: true. */
      compress: z.boolean().default(true),
      /** Where pull-request previews live below the prefix: the live deploy never deletes there, `deploy --remove` only a preview. Default: 'previews'. */
      previewPrefix: z
        .string()
        .regex(/^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)*$/, { error: "must be key segments like 'previews' (a-z, 0-9, '.', '_', '-'; no leading or trailing '/')" })
        .default('previews'),
    })
    .prefault({}),
  /** What every page may load besides what the build derives (see cli/security/). Default: nothing more. */
  security: z
    .strictObject({
      /**
       * Sources added to every page's CSP by directive (an analytics host in `script-src`): the build derives the rest. A host
       * or scheme; 'unsafe-inline', 'unsafe-eval' and, in `script-src`, what lets any script run (`https:`, `*.com`) are refused. Default: none.
       */
      contentSecurityPolicy: cspSources.default({}),
      /** Write `_headers` with what a meta policy cannot carry (frame-ancestors, HSTS…), for Cloudflare Pages or Netlify (CloudFront: security/README.md). Default: false. */
      headersFile: z.boolean().default(false),
    })
    .prefault({}),
})

type SiteConfigFields = z.output<typeof siteConfigFields>
/** The schema of a locale's copy (locales[].copy): the config's fields marked copyText. */
export const localeCopySchema = copySchemaOf(siteConfigFields)!

/** The config's fields, with the other locales, whose copy is made of the fields' copy texts. */
const siteConfigObject = siteConfigFields.extend({
  /** Other languages, each under its prefix (`/de/`): `code` BCP 47; `name` the switcher's (default: from `Intl`); `direction` as site.direction. Default: none. */
  locales: z
    .array(
      z.strictObject({
        /** The locale's BCP 47 tag: a language, optionally a script and a region ('de', 'pt-BR', 'zh-Hant'). */
        code: languageTag,
        /** Its name in its own language, e.g. 'Deutsch'. Default: what `Intl.DisplayNames` calls it. */
        name: text.optional(),
        /** Direction of its text, 'ltr' or 'rtl'. Default: the language's. */
        direction: z.enum(['ltr', 'rtl']).optional(),
        /** The locale's texts keyed as at the top level, arrays item by item; what is not given shows in the default's language (`check` lists it). Default: none. */
        // copySchemaOf makes it optional; typed here as the copy of the fields it is made of.
        copy: localeCopySchema as unknown as z.ZodOptional<z.ZodType<LocaleCopy<SiteConfigFields>, LocaleCopy<z.input<typeof siteConfigFields>>>>,
        /** The interface's own words in this locale, by key, over its language's catalog (as the top-level ui). Default: none. */
        ui: uiOverrides.optional(),
        /** Whether the blog list also shows untranslated default posts, marked and linking to the original (not copied anywhere else). Default: false. */
        listUntranslated: z.boolean().optional(),
      }),
    )
    .default([]),
})

/** The site config; a remote host its files name that the policy's grammar cannot (a `;` would start a directive) is refused at its line. */
export const siteConfigSchema = siteConfigObject.superRefine((config, context) => {
  // Two locales with one URL prefix, or a locale that repeats the default: refused at the second.
  const prefixes = new Map([[localePrefix(config.site.language), 'site.language']])
  config.locales.forEach(({ code }, index) => {
    const earlier = prefixes.get(localePrefix(code))
    if (earlier) context.addIssue({ code: 'custom', path: ['locales', index, 'code'], message: `${JSON.stringify(code)} is already the site's locale at ${earlier}`, params: { hint: 'Give each language once; site.language is the default locale, the others go in locales.' } })
    else prefixes.set(localePrefix(code), `locales[${index}].code`)
  })
  // A locale's copy gives an array item by item, a record (authors) entry by key: an item or a key the default has not would be nobody's translation.
  config.locales.forEach(({ copy }, index) => {
    for (const beyond of copyBeyondDefault(localeCopySchema, config, copy)) {
      const path = ['locales', index, 'copy', ...beyond.path]
      if ('items' in beyond) {
        context.addIssue({ code: 'custom', path, message: `is one item more than the default's ${beyond.items}`, params: { hint: `A locale's copy translates the default's items in their order; add the item to the default first (the top-level config), then translate it here.` } })
      } else {
        const record = configPathText(beyond.path.slice(0, -1))
        const known = beyond.keys.length ? `its keys: ${beyond.keys.map((key) => `'${key}'`).join(', ')}` : 'it has none'
        context.addIssue({ code: 'custom', path, message: `is no key of the default's ${record} (${known})`, params: { hint: `A locale's copy translates the default's entries by their key, as written in the top-level ${record}; add the entry there first, then translate it here.` } })
      }
    }
  })
  for (const { path, url } of configRemoteFiles(config)) {
    const origin = originSource(url)
    if (origin && 'problem' in origin) context.addIssue({ code: 'custom', path, message: `${JSON.stringify(url)}: ${origin.problem.reason}`, params: { hint: origin.problem.hint } })
  }
})

/** The site config as written in site.config.ts (defaults may be left out). */
export type SiteConfigInput = z.input<typeof siteConfigSchema>
/** The validated site config, with every default filled in. */
export type SiteConfig = z.output<typeof siteConfigSchema>
