// Text put into markdown the generator writes (llms.txt, twins) must stay that text: on one line (a
// line break could end the item or start a block), nothing read as markup (a `]` ending a link, a
// `<script>`). A backslash shows any ASCII punctuation as is (CommonMark), so those are escaped; emphasis
// marks are left, as they change how words look, not what the markdown holds.

/** Text on one line: every run of white space (line breaks too) one space. */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim()

/** Text as markdown shows it, on one line: `\`, `[`, `]` and `<` escaped with a backslash. */
export const markdownText = (text: string): string => oneLine(text).replace(/[\\[\]<]/g, '\\$&')

/** A top-level heading of `text`: a run of `#` at its end would be read as the heading's closing marks, and dropped. */
export const markdownHeading = (text: string): string => `# ${markdownText(text).replace(/#+$/, '\\$&')}`
