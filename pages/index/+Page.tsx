// https://vike.dev/Page
import { networkSecurity as networkSecurityByLocale, aiIntelligence as aiIntelligenceByLocale, topologyMap as topologyMapByLocale } from 'virtual:kube-site/config'
import { useLocalized } from '../_lib/locales/pageLocale.ts'
import { Architecture } from './sections/Architecture.tsx'
import { Contact } from './sections/Contact.tsx'
import { FeatureSection } from './sections/FeatureSection.tsx'
import { GetStarted } from './sections/GetStarted.tsx'
import { Hero } from './sections/Hero.tsx'
import { Pricing } from './sections/Pricing.tsx'
import { RiskAssessment } from './sections/RiskAssessment.tsx'

/** The home page: its sections in SPEC order; the header and footer come from the layout. */
export default function Page() {
  const networkSecurity = useLocalized(networkSecurityByLocale)
  const aiIntelligence = useLocalized(aiIntelligenceByLocale)
  const topologyMap = useLocalized(topologyMapByLocale)
  return (
    <>
      <Hero />
      <RiskAssessment />
      <FeatureSection id="network-security" section={networkSecurity} tone="muted" />
      <FeatureSection id="ai-intelligence" section={aiIntelligence} reverse />
      <FeatureSection id="topology-map" section={topologyMap} tone="muted" />
      <GetStarted />
      <Architecture />
      <Pricing />
      <Contact />
    </>
  )
}
