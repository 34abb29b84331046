// https://vike.dev/Page
import config from 'virtual:kube-site/config'

export default function Page() {
  const { pricing } = config
  return (
    <section id="pricing">
      <h1>{pricing.pageTitle}</h1>
      <p>{pricing.description}</p>
      {pricing.plans.map((plan) => (
        <article key={plan.name}>
          <h2>{plan.name}</h2>
          <p>
            {plan.price}
            {plan.period}
          </p>
        </article>
      ))}
    </section>
  )
}
