// https://vike.dev/Layout
import type { ReactNode } from 'react'
import { Toaster } from 'sonner'
import '../styles/global.scss'
import { Footer } from './_components/Footer.tsx'
import { Header } from './_components/Header.tsx'
import { DEFAULT_THEME } from './_lib/theme.ts'
import { UI_TEXT } from './_lib/uiText.ts'
import { useTheme } from './_lib/useTheme.ts'

export default function Layout({ children }: { children: ReactNode }) {
  const theme = useTheme()
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
      <Toaster theme={theme ?? DEFAULT_THEME} position="bottom-right" closeButton />
    </>
  )
}
