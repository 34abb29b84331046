// Text escaped where the generator writes HTML or XML itself: the five characters that can end a text, an attribute or a tag, or start an entity.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** `text` safe in HTML or XML: in an element, and in an attribute quoted with either quote. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!)
}

/** `text` in an attribute quoted with double quotes: only what could end it or start an entity (a policy's single quotes stay as they are). */
export function escapeAttribute(text: string): string {
  return text.replace(/[&"]/g, (character) => ENTITIES[character]!)
}
