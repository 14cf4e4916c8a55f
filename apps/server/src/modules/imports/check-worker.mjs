// The entry of the imports' reading-and-checking thread. The server runs its TypeScript through tsx, registered by
// `--import tsx` (inherited by threads) or by the start script in the main thread alone (not inherited); tsx is
// registered here in its own namespace so the thread loads check-worker.ts either way, also under the tests.
import { register } from 'tsx/esm/api';

const api = register({ namespace: 'import-check' });
await api.import('./check-worker.ts', import.meta.url);
