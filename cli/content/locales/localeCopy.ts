import { z } from 'zod'

// Copy, the config's text a locale translates, is marked once in the schema (`copyText`): a locale copy's shape, merge and fallbacks derive from it.

/** The schemas of the config's fields that are copy. */
const copyTexts = z.registry<{ copy: true }>()

/** A field of the config that a locale may translate: `copyText(text)` in place of `text`. */
export function copyText<T extends z.ZodType>(schema: T): T {
  const marked = schema.clone() as T
  copyTexts.add(marked as z.ZodType, { copy: true })
  return marked
}

/** The copy of a config given per locale: every translatable string of `T`, each optional; arrays item by item in the default's order. */
export type LocaleCopy<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? (LocaleCopy<Item> | undefined)[]
    : T extends object
      ? { [Key in keyof T]?: LocaleCopy<T[Key]> }
      : never

/** The schema inside optional(), default(), prefault() and the like. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: z.ZodType }
    if (!def.innerType || copyTexts.has(current)) return current
    current = def.innerType
  }
}

/** The schema of a locale's copy of `schema`: its strict objects, arrays and records holding a `copyText` field, each part optional; undefined where none. */
export function copySchemaOf(schema: z.ZodType): z.ZodType | undefined {
  const inner = unwrap(schema)
  if (copyTexts.has(inner)) return inner.optional()
  const def = inner._zod.def
  if (def.type === 'object') {
    const shape = Object.entries((def as z.core.$ZodObjectDef).shape).flatMap(([key, field]) => {
      const copy = copySchemaOf(field as z.ZodType)
      return copy ? [[key, copy] as const] : []
    })
    return shape.length ? z.strictObject(Object.fromEntries(shape)).optional() : undefined
  }
  if (def.type === 'array') {
    const item = copySchemaOf((def as z.core.$ZodArrayDef).element as z.ZodType)
    return item ? z.array(item).optional() : undefined
  }
  if (def.type === 'record') {
    const value = copySchemaOf((def as z.core.$ZodRecordDef).valueType as z.ZodType)
    return value ? z.record(z.string(), value).optional() : undefined
  }
  return undefined
}

/** A path in the config, key by key and item by item. */
export type Path = (string | number)[]
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value)

/** `base` with `copy` over it: objects key by key, arrays item by item, a string given replaces the default's. */
export function withCopy<T>(base: T, copy: unknown): T {
  if (copy === undefined) return base
  if (Array.isArray(base)) return base.map((item, index) => withCopy(item, Array.isArray(copy) ? copy[index] : undefined)) as T
  if (isRecord(base) && isRecord(copy)) {
    const merged: Record<string, unknown> = { ...base }
    for (const [key, value] of Object.entries(copy)) merged[key] = withCopy(base[key], value)
    return merged as T
  }
  return copy as T
}

/** What a locale's copy gives that translates nothing: array items past the default's (the first one's path, the default's count), record keys the default has not. */
export function copyBeyondDefault(schema: z.ZodType, base: unknown, copy: unknown, path: Path = []): ({ path: Path; items: number } | { path: Path; keys: string[] })[] {
  const def = unwrap(schema)._zod.def
  if (def.type === 'array' && Array.isArray(copy)) {
    const items = Array.isArray(base) ? base.length : 0
    const element = (def as z.core.$ZodArrayDef).element as z.ZodType
    const extra = copy.length > items ? [{ path: [...path, items], items }] : []
    return [...extra, ...copy.slice(0, items).flatMap((item, index) => copyBeyondDefault(element, (base as unknown[])[index], item, [...path, index]))]
  }
  if (def.type === 'record' && isRecord(copy)) {
    const keys = isRecord(base) ? Object.keys(base) : []
    const value = (def as z.core.$ZodRecordDef).valueType as z.ZodType
    return Object.entries(copy).flatMap(([key, entry]) =>
      keys.includes(key) ? copyBeyondDefault(value, (base as Record<string, unknown>)[key], entry, [...path, key]) : [{ path: [...path, key], keys }],
    )
  }
  if (def.type === 'object' && isRecord(copy)) {
    const shape = (def as z.core.$ZodObjectDef).shape
    return Object.entries(copy).flatMap(([key, value]) => (shape[key] ? copyBeyondDefault(shape[key] as z.ZodType, isRecord(base) ? base[key] : undefined, value, [...path, key]) : []))
  }
  return []
}

/** The paths of `base`'s copy strings `copy` does not give: what the locale shows in the default's language. */
export function copyFallbacks(schema: z.ZodType, base: unknown, copy: unknown, path: Path = []): Path[] {
  const inner = unwrap(schema)
  const def = inner._zod.def
  if (def.type === 'object') {
    return Object.entries((def as z.core.$ZodObjectDef).shape).flatMap(([key, field]) =>
      copyFallbacks(field as z.ZodType, isRecord(base) ? base[key] : undefined, isRecord(copy) ? copy[key] : undefined, [...path, key]),
    )
  }
  if (def.type === 'array') {
    if (!Array.isArray(base)) return []
    return base.flatMap((item, index) => copyFallbacks((def as z.core.$ZodArrayDef).element as z.ZodType, item, Array.isArray(copy) ? copy[index] : undefined, [...path, index]))
  }
  if (def.type === 'record') {
    if (!isRecord(base)) return []
    return Object.entries(base).flatMap(([key, entry]) => copyFallbacks((def as z.core.$ZodRecordDef).valueType as z.ZodType, entry, isRecord(copy) ? copy[key] : undefined, [...path, key]))
  }
  return typeof base === 'string' && base.trim() !== '' && copy === undefined ? [path] : []
}
