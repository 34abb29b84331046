/** A piece of a shell command, for colouring: placeholders like <NAMESPACE>, flags, the program, plain text. */
export type CommandToken = { kind: 'placeholder' | 'flag' | 'program' | 'text'; text: string }

const pattern = /(<[^<>\s]+>)|((?<=^|\s)--?[a-zA-Z][\w-]*)|(^[a-z][\w-]*(?=\s))/gm

/** Splits a command into tokens whose texts join back to exactly the command. */
export function highlightCommand(command: string): CommandToken[] {
  const tokens: CommandToken[] = []
  let last = 0
  for (const match of command.matchAll(pattern)) {
    const start = match.index
    if (start > last) tokens.push({ kind: 'text', text: command.slice(last, start) })
    tokens.push({ kind: match[1] ? 'placeholder' : match[2] ? 'flag' : 'program', text: match[0] })
    last = start + match[0].length
  }
  if (last < command.length) tokens.push({ kind: 'text', text: command.slice(last) })
  return tokens
}
