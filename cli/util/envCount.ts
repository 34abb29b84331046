/** A whole number above 0 set in the environment variable `name` (tests set a few), or undefined. */
export function envCount(name: string): number | undefined {
  const value = Number(process.env[name])
  return Number.isInteger(value) && value > 0 ? value : undefined
}
