// `npm start`: install what is missing, build the web app if its sources changed, run the server in this process.
import { ensureDeps, ensureWebBuild } from './ensure-deps.mjs';

ensureDeps();
ensureWebBuild();
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
