import { z } from 'zod'
import { ENGLISH, type UiKey } from '../../../pages/_lib/text/uiCatalogs.ts'
import { MessageSyntaxError, placeholdersOf } from '../../../pages/_lib/text/uiMessage.ts'

// The config's `ui`: interface strings by key over the site language's catalog, strict (a typo names the nearest key);
// a template must read, and hold exactly English's placeholders.

const list = (names: readonly string[]) => names.map((name) => `{${name}}`).join(', ')

/** One override of `key`: a template with English's placeholders. */
function uiTemplate(key: UiKey) {
  const expected = placeholdersOf(ENGLISH[key])
  return z.string().superRefine((template, context) => {
    let found: string[]
    try {
      found = placeholdersOf(template)
    } catch (error) {
      if (!(error instanceof MessageSyntaxError)) throw error
      context.addIssue({ code: 'custom', message: `is not a template that reads: ${error.message}`, params: { hint: `English writes it ${JSON.stringify(ENGLISH[key])}: {name} puts a value in, {count, plural, one {…} other {…}} chooses by a number.` } })
      return
    }
    const dropped = expected.filter((name) => !found.includes(name))
    const invented = found.filter((name) => !expected.includes(name))
    if (dropped.length === 0 && invented.length === 0) return
    const problems = [dropped.length ? `drops ${list(dropped)}` : '', invented.length ? `has ${list(invented)}, which this string has no value for` : ''].filter(Boolean)
    context.addIssue({
      code: 'custom',
      message: problems.join(' and '),
      params: { hint: expected.length ? `Its placeholders are ${list(expected)}, as in English: ${JSON.stringify(ENGLISH[key])}.` : `It has no placeholders: English writes it ${JSON.stringify(ENGLISH[key])}.` },
    })
  })
}

/** The config's `ui`: interface strings by key, each optional. */
export const uiOverrides = z.strictObject(Object.fromEntries((Object.keys(ENGLISH) as UiKey[]).map((key) => [key, uiTemplate(key).optional()])) as Record<UiKey, z.ZodOptional<ReturnType<typeof uiTemplate>>>)
