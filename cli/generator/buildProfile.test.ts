import { describe, expect, it } from 'vitest'
import { addRenderTimes, createBuildProfile, formatProfile } from './buildProfile.ts'

const times = { loading: 150, rendering: 3000, writing: 50, writerBusy: 900 }

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

  it('sums the rendering parts of every thread, and says so', () => {
    const profile = createBuildProfile()
    profile.add('prerender', 5000)
    addRenderTimes(profile, times)
    addRenderTimes(profile, { ...times, loading: 1500 })
    const text = formatProfile(profile, 2).join('\n')
    expect(text).toMatch(/rendering \(data, React, HTML\)\s+6\.00 s/)
    expect(text).toMatch(/vike server runtime \(loading\)\s+1\.65 s/)
    expect(text).toMatch(/summed over its 2 threads/)
  })

  it('leaves out the writer thread when the pages were written in the rendering thread', () => {
    const profile = createBuildProfile()
    addRenderTimes(profile, { ...times, writerBusy: 0 })
    expect(formatProfile(profile, 1).join('\n')).not.toMatch(/writer thread/)
    addRenderTimes(profile, times)
    expect(formatProfile(profile, 1).join('\n')).toMatch(/writer thread busy \(beside\)\s+0\.90 s/)
  })
})
