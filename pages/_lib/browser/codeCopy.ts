import { COPIED_FEEDBACK } from '../constants.ts'
import { notify } from './notify.ts'
import type { SiteText } from '../text/siteText.ts'

// A Copy button on each code block, added by the script (never in the HTML), framed with it to stay put while the code scrolls.

const FRAME = 'code-frame'
const BUTTON = 'code-copy'

/** Adds a Copy button to each code block in `body` that has none yet, labelled in the page's language (`ui`: siteText's). */
export function addCopyButtons(body: HTMLElement, ui: SiteText['ui']): void {
  for (const block of body.querySelectorAll<HTMLElement>('pre.code-block')) {
    if (block.parentElement?.classList.contains(FRAME)) continue
    const frame = document.createElement('div')
    frame.className = FRAME
    block.before(frame)
    const button = document.createElement('button')
    button.type = 'button'
    button.className = BUTTON
    button.textContent = ui.copy
    button.setAttribute('aria-label', ui.copyCode)
    frame.append(block, button)
  }
}

/** Copies the code of the block whose Copy button was clicked (any click in the body comes here), as written, whatever marks its lines carry. */
export async function copyClickedCode(target: EventTarget | null, ui: SiteText['ui']): Promise<void> {
  const button = target instanceof Element ? target.closest<HTMLButtonElement>(`.${BUTTON}`) : null
  const code = button?.parentElement?.querySelector('code')
  if (!button || !code) return
  try {
    await navigator.clipboard.writeText(code.textContent ?? '')
  } catch {
    void notify('error', ui.copyCodeFailed)
    return
  }
  void notify('success', ui.codeCopied)
  button.textContent = ui.copied
  window.setTimeout(() => (button.textContent = ui.copy), COPIED_FEEDBACK)
}
