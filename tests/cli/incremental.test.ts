// The incremental table (incrementalTable.ts) on the site in one language.
import { describeTable } from './incrementalTable.ts'

describeTable('the site in one language')
