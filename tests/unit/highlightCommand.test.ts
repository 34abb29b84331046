import { describe, expect, it } from 'vitest'
import { highlightCommand } from '../../pages/_lib/highlightCommand.ts'

describe('highlightCommand', () => {
  it.each([
    ['helm install x', [['program', 'helm'], ['text', ' install x']]],
    ['  --version <V> \\', [['text', '  '], ['flag', '--version'], ['text', ' '], ['placeholder', '<V>'], ['text', ' \\']]],
    ['-f <FILE>.yaml', [['flag', '-f'], ['text', ' '], ['placeholder', '<FILE>'], ['text', '.yaml']]],
    ['a-b --c', [['program', 'a-b'], ['text', ' '], ['flag', '--c']]],
    ['oci://x/y--z', [['text', 'oci://x/y--z']]],
  ])('%j', (command, expected) => {
    expect(highlightCommand(command).map((token) => [token.kind, token.text])).toEqual(expected)
  })

  it('gives back exactly the command when its tokens are joined', () => {
    const command = 'helm install op oci://ghcr.io/o/op \\\n  --version <CHART_VERSION> \\\n  --namespace <NS> --create-namespace \\\n  -f <CREDS>.yaml'
    const tokens = highlightCommand(command)
    expect(tokens.map((token) => token.text).join('')).toBe(command)
    expect(tokens.filter((token) => token.kind === 'placeholder').map((token) => token.text)).toEqual(['<CHART_VERSION>', '<NS>', '<CREDS>'])
  })
})
