// `npm start`: install what is missing, build the web app if its sources changed (unless WEB_DIST names another
// build, or is empty for the API alone), run the server in this process.
import { ensureDeps, ensureWebBuild } from './ensure-deps.mjs';
import { ensureSupportedNode } from './ensure-node.mjs';

await ensureSupportedNode();
ensureDeps();
if (process.env.WEB_DIST === undefined) ensureWebBuild();
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
