// https://vike.dev/Layout
import type { ReactNode } from 'react'
import '../styles/global.scss'
import { Footer } from './_components/Footer.tsx'
import { Header } from './_components/Header.tsx'

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  )
}
