import { useEffect, useRef, useState } from 'react'
import { island } from '../_lib/islands/island.tsx'
import { notify } from '../_lib/browser/notify.ts'
import { COPIED_FEEDBACK } from '../_lib/constants.ts'
import styles from './CopyButton.module.scss'
import { Icon } from '../_components/common/Icon.tsx'
import { useIslandText } from '../_lib/text/uiText.ts'

/** Copies `text` to the clipboard and confirms with a toast (and a tick for a moment). */
function CopyButton({ text, message }: { text: string; message: string }) {
  const { ui, lang } = useIslandText()
  const [copied, setCopied] = useState(false)
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])

  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
    } catch {
      void notify('error', ui.copyFailed)
      return
    }
    void notify('success', message)
    setCopied(true)
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => setCopied(false), COPIED_FEEDBACK)
  }

  return (
    <button type="button" className={styles.button} aria-label={ui.copyCommand} onClick={copy} data-copied={copied || undefined}>
      <Icon name={copied ? 'tick' : 'copy'} size={16} />
      <span aria-hidden="true" {...lang(copied ? 'copied' : 'copy')}>{copied ? ui.copied : ui.copy}</span>
    </button>
  )
}

/** The Copy button of a command: hydrates when it nears the viewport. */
export default island('CopyButton', CopyButton, 'visible')
