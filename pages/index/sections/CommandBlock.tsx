import CopyButton from '../../_islands/CopyButton.tsx'
import { highlightCommand } from '../../_lib/highlightCommand.ts'
import styles from './CommandBlock.module.scss'

/** A terminal window holding a shell command, its placeholders highlighted, with a copy button. */
export function CommandBlock({ command, copiedMessage }: { command: string; copiedMessage: string }) {
  return (
    <div className={styles.terminal}>
      <div className={styles.bar}>
        <span className={styles.lights} aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <CopyButton text={command} message={copiedMessage} />
      </div>
      <pre className={styles.pre} tabIndex={0}>
        <code>
          {highlightCommand(command).map((token, index) =>
            token.kind === 'text' ? token.text : <span key={index} className={styles[token.kind]}>{token.text}</span>,
          )}
        </code>
      </pre>
    </div>
  )
}
