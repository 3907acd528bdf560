// The reconcile feature's public face: routes, layouts and other features import only from here.
export { importQueryOptions, importsQueryOptions, isMatchStatus } from './api/reconcile';
export { ImportHistory } from './components/ImportHistory';
export { ImportLines } from './components/ImportLines';
export { ImportPanel } from './components/ImportPanel';
export { ImportSummary } from './components/ImportSummary';
