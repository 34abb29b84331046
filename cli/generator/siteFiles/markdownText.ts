// Text the generator puts into markdown it writes itself (llms.txt, a post's markdown twin): a
// title, an excerpt, a name, a tag. It must stay that text, whatever it holds, in whatever reads
// the markdown: on one line (a line break could end the list item or heading it is in, or start a
// block of its own), and nothing in it read as markup that changes what the markdown is: a `]`
// would end a link's text, a `<script>` would be raw HTML to a renderer. A backslash before any
// ASCII punctuation shows it as it is (CommonMark), so those are escaped; emphasis marks (`*`,
// `_`, backticks) are left alone: they change how the words look, not what the markdown holds.

/** Text on one line: every run of white space (line breaks too) one space. */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim()

/** Text as markdown shows it, on one line: `\`, `[`, `]` and `<` escaped with a backslash. */
export const markdownText = (text: string): string => oneLine(text).replace(/[\\[\]<]/g, '\\$&')

/** A top-level heading of `text`: a run of `#` at its end would be read as the heading's closing marks, and dropped. */
export const markdownHeading = (text: string): string => `# ${markdownText(text).replace(/#+$/, '\\$&')}`
