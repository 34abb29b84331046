import { describe, expect, it } from 'vitest'
import { addPrerenderTimes, createBuildProfile, formatProfile } from './buildProfile.ts'

const times = { setup: 400, waiting: 0, contexts: 200, rendering: 3000, writing: 50, writerBusy: 900 }

describe('build profile', () => {
  it('lists phases in build order, each followed by its parts, whatever order they were timed in', () => {
    const profile = createBuildProfile()
    profile.add('bundle.client build', 2000)
    profile.add('config', 40)
    profile.add('bundle', 3500)
    profile.add('posts', 1200)
    const lines = formatProfile(profile, 1).slice(2).map((line) => line.trim().replace(/\s+/g, ' '))
    expect(lines).toEqual(['config 0.04 s', 'posts 1.20 s', 'bundle 3.50 s', 'client build 2.00 s'])
  })

  it('sums the prerender parts of every thread, and says so', () => {
    const profile = createBuildProfile()
    profile.add('prerender', 5000)
    addPrerenderTimes(profile, times)
    addPrerenderTimes(profile, { ...times, waiting: 1500 })
    const text = formatProfile(profile, 2).join('\n')
    expect(text).toMatch(/rendering \(data, React, HTML\)\s+6\.00 s/)
    expect(text).toMatch(/waiting for a free thread\s+1\.50 s/)
    expect(text).toMatch(/summed over its 2 threads/)
  })

  it('leaves out the wait for a thread when nothing waited', () => {
    const profile = createBuildProfile()
    addPrerenderTimes(profile, times)
    expect(formatProfile(profile, 1).join('\n')).not.toMatch(/waiting/)
  })
})
