// https://vike.dev/Page
import config from 'virtual:kube-site/config'
import { linkProps } from '../_lib/href.ts'

export default function Page() {
  const { hero, pricing } = config
  return (
    <>
      <section id="hero">
        <p>{hero.badge}</p>
        <h1>{hero.title}</h1>
        <p>{hero.tagline}</p>
        <a {...linkProps(hero.primaryCta.href)}>{hero.primaryCta.label}</a>
        <a {...linkProps(hero.secondaryCta.href)}>{hero.secondaryCta.label}</a>
      </section>
      {(['riskAssessment', 'networkSecurity', 'aiIntelligence', 'topologyMap', 'getStarted', 'architecture'] as const).map((key) => (
        <section key={key} id={sectionIds[key]}>
          <h2>{config[key].title}</h2>
          <p>{config[key].description}</p>
        </section>
      ))}
      <section id="pricing">
        <h2>{pricing.title}</h2>
        {pricing.plans.map((plan) => (
          <article key={plan.name}>
            <h3>{plan.name}</h3>
            <p>
              {plan.price}
              {plan.period}
            </p>
          </article>
        ))}
      </section>
      <section id="contact">
        <h2>{config.contact.title}</h2>
        <p>{config.contact.email}</p>
      </section>
    </>
  )
}

const sectionIds = {
  riskAssessment: 'security-assessment',
  networkSecurity: 'network-security',
  aiIntelligence: 'ai-intelligence',
  topologyMap: 'topology-map',
  getStarted: 'get-started',
  architecture: 'architecture',
} as const
