import { createContext, useContext } from 'react'

/**
 * The path of the page being rendered (without the base). The layout provides it from vike's
 * pageContext; an island's root provides the value its server render saw, so an island renders
 * the same links in the browser without vike's page context, which HTML-only pages do not load.
 */
export const PagePathContext = createContext('')

/** The path of the page being rendered: '/' on the home page. */
export const usePagePath = (): string => useContext(PagePathContext)
