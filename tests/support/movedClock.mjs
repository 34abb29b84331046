// Preloaded into a CLI run (`NODE_OPTIONS=--import <this file>`) by a test that moves the build's
// clock: every Date of the process reads the real time plus KUBE_SITE_TEST_CLOCK_SHIFT_MS, so
// time still passes (timers, caches' ages) but the build's today is another day.
const shift = Number(process.env.KUBE_SITE_TEST_CLOCK_SHIFT_MS ?? 0)
if (shift !== 0) {
  const RealDate = Date
  globalThis.Date = class MovedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + shift)
      else super(...args)
    }
    static now() {
      return RealDate.now() + shift
    }
  }
}
