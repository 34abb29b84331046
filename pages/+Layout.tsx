// https://vike.dev/Layout
import type { ReactNode } from 'react'
import '../styles/global.scss'
import { Footer } from './_components/Footer.tsx'
import { Header } from './_components/Header.tsx'
import { LazyToaster } from './_components/LazyToaster.tsx'
import { UI_TEXT } from './_lib/uiText.ts'

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {UI_TEXT.skipToContent}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      {/* The one toast system of the site (DECISIONS.md): the copy button and the PDF viewer use it. */}
      <LazyToaster />
    </>
  )
}
