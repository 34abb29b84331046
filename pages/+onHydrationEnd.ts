// https://vike.dev/onHydrationEnd
// Marks the document once React has hydrated it: the browser tests wait for it, and styles can
// tell a page that JavaScript runs on from one it does not.
export default function onHydrationEnd() {
  document.documentElement.dataset.hydrated = 'true'
}
