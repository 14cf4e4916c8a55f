// Operator commands: `npm run ess -- reset-code <empNo>` issues a one-time password reset code (24 h).
import { readConfig } from './config';
import { BusinessError } from './core/errors';
import { openDatabaseForTools } from './db/connect';
import { createResetCode } from './modules/account/service';

const [command, ...rest] = process.argv.slice(2);
const usage = 'usage: npm run ess -- reset-code <empNo>';

if (command !== 'reset-code' || !rest[0]) {
  console.error(usage);
  process.exit(1);
}
const config = readConfig();
const { database, stop } = await openDatabaseForTools(config);
try {
  const { code, expiresAt } = await createResetCode(database.db, rest[0]);
  console.log(`reset code for ${rest[0]}: ${code}`);
  console.log(
    `valid until ${expiresAt.toISOString()}, works once; the employee opens /home/reset-password?code=${code}`,
  );
} catch (error) {
  console.error(error instanceof BusinessError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
  await stop();
}
