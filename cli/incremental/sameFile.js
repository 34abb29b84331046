// Whether a file is still the one a build recorded, by a stat and never a read (which costs what the cache saves): its size first (an edit
// seldom keeps it, and it is the cheaper compare), then its modification time to the fraction of a millisecond the file system keeps. A
// regular file only: a folder or a link of that size is not it. Plain JavaScript: cli/bin.js decides the compiled CLI's staleness with it too.
// Where the record is taken as the file is read (posts), a file written again within the clock's grain is not trusted (postCache.ts RACY_MS).

/** Whether `now` (a file's stats, none when it is gone) is the file `recorded` as a build found it. */
export const sameFile = (recorded, now) => now !== undefined && (now.isFile?.() ?? true) && now.size === recorded.size && now.mtimeMs === recorded.mtimeMs
