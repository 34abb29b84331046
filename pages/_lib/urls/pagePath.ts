import { createContext, useContext } from 'react'

/** The path of the page being rendered (without the base): the layout's from vike's pageContext, an island root's as its server render saw it. */
export const PagePathContext = createContext('')

/** The path of the page being rendered: '/' on the home page. */
export const usePagePath = (): string => useContext(PagePathContext)
