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
