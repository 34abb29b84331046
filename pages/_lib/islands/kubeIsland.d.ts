// <kube-island>: the element an island is rendered in (see island.tsx). A custom element is
// allowed wherever its content is, in a <p> as in a <ul>'s <li>; CSS gives it display: contents.
import 'react'

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'kube-island': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>
    }
  }
}

declare global {
  interface HTMLElement {
    /** On a <kube-island>, or on <html> for the blog: the last click on a button in it, as earlyScript heard it (see takeEarlyClick). */
    kubeClick?: MouseEvent
  }
}
