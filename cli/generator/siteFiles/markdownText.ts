// Text in markdown the generator writes must stay text: on one line, ASCII punctuation backslash-escaped (CommonMark) so
// nothing is markup; emphasis marks are left, changing only how words look.

/** Text on one line: every run of white space (line breaks too) one space. */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim()

/** Text as markdown shows it, on one line: `\`, `[`, `]` and `<` escaped with a backslash. */
export const markdownText = (text: string): string => oneLine(text).replace(/[\\[\]<]/g, '\\$&')

/** A top-level heading of `text`: a run of `#` at its end would be read as the heading's closing marks, and dropped. */
export const markdownHeading = (text: string): string => `# ${markdownText(text).replace(/#+$/, '\\$&')}`
