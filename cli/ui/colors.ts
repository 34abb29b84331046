import { stderr, stdout, env } from 'node:process'

const enabledFor = (stream: NodeJS.WriteStream) =>
  !('NO_COLOR' in env) && env.TERM !== 'dumb' && (Boolean(stream.isTTY) || 'FORCE_COLOR' in env)

function palette(enabled: boolean) {
  const wrap = (open: number, close: number) => (text: string) =>
    enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39), cyan: wrap(36, 39) }
}

export type Palette = ReturnType<typeof palette>

/** Colours for standard output: none under NO_COLOR or when it is not a terminal. */
export const out = palette(enabledFor(stdout))
/** Colours for standard error, decided separately: one of the two may be redirected. */
export const err = palette(enabledFor(stderr))

/** The colours for `stream`: standard error's, or standard output's. */
export const paletteFor = (stream: NodeJS.WritableStream): Palette => (stream === stderr ? err : out)
