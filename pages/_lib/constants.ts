// Timing numbers of the home page (SPEC §4 and §9); its header height and scroll offset are styles/_tokens.scss's.

/** Hover time before the header menu opens, in ms. */
export const MENU_OPEN_DELAY = 200
/** Time after the pointer leaves before the header menu closes, in ms. */
export const MENU_CLOSE_DELAY = 150
/** Within this many ms of closing, hovering again reopens the menu at once. */
export const MENU_SKIP_DELAY = 300

/** Hover time before a tooltip opens, in ms. */
export const TOOLTIP_OPEN_DELAY = 700
/** Within this many ms of a tooltip closing, the next one opens at once. */
export const TOOLTIP_SKIP_DELAY = 300

/** Share of any other section that must be visible before it reveals. */
export const REVEAL_THRESHOLD = 0.1

/** Reveal stagger per feature card, in ms. */
export const STAGGER_CARD = 150
/** Reveal stagger per list item, in ms. */
export const STAGGER_LIST_ITEM = 100
/** Reveal stagger per pricing plan, in ms. */
export const STAGGER_PLAN = 200
/** Reveal stagger per architecture item, in ms. */
export const STAGGER_ARCHITECTURE = 200

/** How long the copy button says it copied, in ms. */
export const COPIED_FEEDBACK = 2000

/** "Near the viewport", for islands that wake ahead of use: half a screen, so a phone that never scrolls never fetches the carousel. */
export const NEAR_VIEWPORT = '50% 0px'
