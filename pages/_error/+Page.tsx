// https://vike.dev/error-page
import { usePageContext } from 'vike-react/usePageContext'
import { ErrorScreen } from './ErrorScreen.tsx'
import { NotFound } from './NotFound.tsx'

// vike renders this page for an unknown URL (prerendered as 404.html, is404) and, in the browser,
// when rendering or loading a page fails (abortStatusCode of `throw render()`, errorWhileRendering).
export default function Page() {
  const { is404, abortStatusCode, abortReason, errorWhileRendering } = usePageContext()
  if (is404) return <NotFound />
  return <ErrorScreen statusCode={abortStatusCode} reason={abortReason} error={errorWhileRendering} />
}
