import './counted.ts'
import './missing.ts'
