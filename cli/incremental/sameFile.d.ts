/** A file as a build recorded it. */
export interface FileStamp {
  size: number
  mtimeMs: number
}
/** Whether `now` (a file's stats, none when it is gone) is the file `recorded` as a build found it. */
export function sameFile(recorded: FileStamp, now: (FileStamp & { isFile?(): boolean }) | undefined): boolean
