// The incremental table (incrementalTable.ts) on the site as it ships, in English and German.
import { describeTable } from './incrementalTable.ts'

describeTable('the site in English and German')
