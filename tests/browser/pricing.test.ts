import { describe, expect, it } from 'vitest'
import { siteConfigSchema } from '../../cli/content/config/siteConfigSchema.ts'
import siteConfigInput from '../../site.config.ts'
import { seriousViolations } from '../support/axe.ts'
import { useServedSite } from '../support/browser.ts'
import { hydrated, revealAll, scrollSettled, topOf } from '../support/pageHelpers.ts'

const config = siteConfigSchema.parse(siteConfigInput)

const site = useServedSite()

describe('/pricing/', () => {
  it('is the pricing section as a page: h1, the three plans, what all plans include and the workload definition', async () => {
    const { page, errors, context } = await site.open()
    await page.goto(`${site.url}pricing/`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Choose Your Security Plan')
    const plans = page.locator('#pricing article')
    await expect(plans.getByRole('heading', { level: 2 }).allTextContents()).resolves.toEqual(['Starter', 'Growth', 'Enterprise'])
    await expect(plans.nth(0).textContent()).resolves.toMatch(/^Starter\$300\/month/)
    await expect(plans.nth(1).textContent()).resolves.toMatch(/^Most popularGrowthCustom/)
    await expect(plans.nth(2).textContent()).resolves.toMatch(/^EnterpriseCustom/)
    await expect(page.getByText(config.pricing.workloadDefinition).count()).resolves.toBe(1)
    for (const item of config.pricing.includedInAll) await expect(page.getByText(item, { exact: true }).count()).resolves.toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })

  it("sends '#contact' buttons to /#contact, where the contact section stops 40 px below the header", async () => {
    const { page, errors, context } = await site.open()
    await page.goto(`${site.url}pricing/`)
    await hydrated(page)
    const plans = page.locator('#pricing article')
    const starter = plans.nth(0).getByRole('link')
    await expect(starter.getAttribute('href')).resolves.toBe(config.links.register)
    await expect(starter.getAttribute('target')).resolves.toBe('_blank')
    await expect(starter.getAttribute('rel')).resolves.toBe('noopener noreferrer')
    for (const n of [1, 2]) await expect(plans.nth(n).getByRole('link').getAttribute('href')).resolves.toBe('/#contact')
    await plans.nth(1).getByRole('link', { name: 'Contact Sales' }).click()
    await page.waitForURL(`${site.url}#contact`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Kubernetes Security, Reimagined')
    await scrollSettled(page)
    await expect.poll(async () => Math.round(await topOf(page, 'contact'))).toBe(104)
    expect(errors).toEqual([])
    await context.close()
  })

  it('points the header and footer anchors at the home page', async () => {
    const { page, context } = await site.open()
    await page.goto(`${site.url}pricing/`)
    await hydrated(page)
    const main = page.getByRole('navigation', { name: 'Main' })
    await expect(main.getByRole('link', { name: 'Pricing', exact: true }).getAttribute('href')).resolves.toBe('/#pricing')
    await expect(main.getByRole('link', { name: 'Architecture', exact: true }).getAttribute('href')).resolves.toBe('/#architecture')
    await expect(page.getByRole('banner').getByRole('link', { name: `${config.brand.name} home` }).getAttribute('href')).resolves.toBe('/#hero')
    const platform = page.getByRole('contentinfo').getByRole('navigation', { name: 'Platform' }).getByRole('link')
    await expect(platform.first().getAttribute('href')).resolves.toBe('/#security-assessment')
    await main.getByRole('link', { name: 'Architecture', exact: true }).click()
    await page.waitForURL(`${site.url}#architecture`)
    await scrollSettled(page)
    await expect.poll(async () => Math.round(await topOf(page, 'architecture'))).toBe(104)
    await context.close()
  })

  it('shows every plan without JavaScript', async () => {
    const { page, context } = await site.open({ javaScriptEnabled: false })
    await page.goto(`${site.url}pricing/`)
    const hidden = await page.evaluate(() => [...document.querySelectorAll('.reveal-item')].filter((item) => getComputedStyle(item).opacity !== '1').length)
    expect(hidden).toBe(0)
    await expect(page.locator('#pricing article').count()).resolves.toBe(3)
    await context.close()
  })

  it.each(['dark', 'light'])('has no serious or critical axe violation in %s theme', async (theme) => {
    const { page, errors, context } = await site.open()
    await context.addInitScript((theme) => localStorage.setItem('kubeguard-theme', theme), theme)
    await page.goto(`${site.url}pricing/`)
    await hydrated(page)
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe(theme)
    await revealAll(page)
    await expect(seriousViolations(page)).resolves.toEqual([])
    expect(errors).toEqual([])
    await context.close()
  })
})
