// Whether a file is still the one a build recorded, by a stat, never a read (which costs what the cache saves): its size first (an edit seldom keeps
// it, and it is the cheaper compare), then its modification time to the fraction of a millisecond the file system keeps; a regular file only (a folder
// or a link of that size is not it). Plain JavaScript for cli/bin.js. A record taken as the file is read trusts no file written within the clock's grain after (postCache.ts RACY_MS).

/** Whether `now` (a file's stats, none when it is gone) is the file `recorded` as a build found it. */
export const sameFile = (recorded, now) => now !== undefined && (now.isFile?.() ?? true) && now.size === recorded.size && now.mtimeMs === recorded.mtimeMs
