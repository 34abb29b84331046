import { COPIED_FEEDBACK } from './constants.ts'
import { notify } from './notify.ts'
import { UI_TEXT } from './siteText.ts'

// A Copy button on each code block of a post. The page is read as it is without JavaScript, so
// the buttons are added by the page once it runs, never written into the HTML: a button that
// cannot work is never shown. Each block is put in a frame that holds it and its button, so the
// button stays in the corner while the code scrolls sideways.

const FRAME = 'code-frame'
const BUTTON = 'code-copy'

/** Adds a Copy button to each code block in `body` that has none yet. */
export function addCopyButtons(body: HTMLElement): void {
  for (const block of body.querySelectorAll<HTMLElement>('pre.code-block')) {
    if (block.parentElement?.classList.contains(FRAME)) continue
    const frame = document.createElement('div')
    frame.className = FRAME
    block.before(frame)
    const button = document.createElement('button')
    button.type = 'button'
    button.className = BUTTON
    button.textContent = UI_TEXT.copy
    button.setAttribute('aria-label', UI_TEXT.copyCode)
    frame.append(block, button)
  }
}

/**
 * Copies the code of the block whose Copy button was clicked (a click anywhere in the body comes
 * here): its text as written, one line a line, whatever marks its lines carry.
 */
export async function copyClickedCode(target: EventTarget | null): Promise<void> {
  const button = target instanceof Element ? target.closest<HTMLButtonElement>(`.${BUTTON}`) : null
  const code = button?.parentElement?.querySelector('code')
  if (!button || !code) return
  try {
    await navigator.clipboard.writeText(code.textContent ?? '')
  } catch {
    void notify('error', UI_TEXT.copyCodeFailed)
    return
  }
  void notify('success', UI_TEXT.codeCopied)
  button.textContent = UI_TEXT.copied
  window.setTimeout(() => (button.textContent = UI_TEXT.copy), COPIED_FEEDBACK)
}
