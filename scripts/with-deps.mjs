// Runs a command from node_modules/.bin after making sure the packages are installed: `npm run seed`, `ess`, `bench`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureDeps, root } from './ensure-deps.mjs';
import { ensureSupportedNode } from './ensure-node.mjs';

await ensureSupportedNode();
ensureDeps();
const [command, ...args] = process.argv.slice(2);
const result = spawnSync(command, args, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` },
});
process.exit(result.status ?? 1);
