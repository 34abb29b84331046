// Preloaded (--import) into every CLI run of tests/cli/build.test.ts: a build works from the
// writer's folder with absolute paths, and never changes the process's working folder (vike and
// vite read it while other stages run beside them). A process.chdir fails the run.
process.chdir = (directory) => {
  throw new Error(`process.chdir(${JSON.stringify(directory)}) during a build: pass absolute paths instead`)
}
