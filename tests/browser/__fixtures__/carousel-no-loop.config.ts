// The real site with the risk-assessment carousel's loop turned off: with loop on both buttons
// are always enabled, so this is how the tests see a button disabled at each end.
import site from '../../../site.config.ts'

export default {
  ...site,
  riskAssessment: { ...site.riskAssessment, carousel: { loop: false } },
}
