/** `text` with its %-escapes decoded, or undefined when one does not decode (a lone %, a cut UTF-8 sequence). */
export function decodedUri(text: string): string | undefined {
  try {
    return decodeURIComponent(text)
  } catch {
    return undefined
  }
}
