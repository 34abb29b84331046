// The icon of each home-page section, for menus that list them (the anchors are fixed by the site).
const icons: Record<string, string> = { '#security-assessment': 'shield', '#network-security': 'network', '#ai-intelligence': 'chat', '#topology-map': 'map' }

/** Icon name for a link to a home-page section; an arrow for anything else. */
export const sectionIcon = (href: string): string => icons[href] ?? 'arrowRight'
