// https://vike.dev/error-page
import { usePageContext } from 'vike-react/usePageContext'
import { withBase } from '../_lib/href.ts'

export default function Page() {
  const pageContext = usePageContext()
  if (pageContext.is404) {
    return (
      <section className="not-found">
        <h1>404</h1>
        <p>Oops! Page not found</p>
        <a href={withBase('/')}>Return to Home</a>
      </section>
    )
  }
  return (
    <section className="error-screen">
      <h1>Unexpected Application Error!</h1>
      <p>{pageContext.abortStatusCode ?? 500}</p>
    </section>
  )
}
