import { basename, dirname } from 'node:path'
import { termSlug } from '../../../pages/_lib/blog/taxonomy.ts'

// The names of post files: which names in a posts folder are posts, and the slug a name gives.

/** The file of a post that is a folder. */
export const FOLDER_POST = 'index.md'

/** Whether a name in the posts folder is a post (drafts included): *.md, or `<folder>/index.md`, neither hidden nor starting with '_'. */
export const isPostFile = (name: string): boolean => {
  const parts = name.split(/[\\/]/)
  if (parts.some((part) => /^[._]/.test(part))) return false
  return parts.length === 1 ? name.endsWith('.md') : parts.length === 2 && parts[1] === FOLDER_POST
}

/** The slug a file name gives when the frontmatter has none: 'Zero Trust.md' → 'zero-trust', 'Zero Trust/index.md' → 'zero-trust'. */
export function slugFromFileName(fileName: string): string {
  const folder = basename(dirname(fileName))
  return termSlug(basename(fileName) === FOLDER_POST && folder !== '.' && folder !== '' ? folder : basename(fileName, '.md'))
}
