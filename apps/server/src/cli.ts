// Operator commands: `npm run ess -- reset-code <empNo>` issues a one-time password reset code (24 h);
// `npm run ess -- reseal` seals again with the current SECRET_KEY the personal data older keys sealed.
import { readConfig } from './config';
import { BusinessError } from './core/errors';
import { createPersonalDataCipher } from './core/personal-data';
import { openDatabaseForTools } from './db/connect';
import { createResetCode } from './modules/account/service';
import { resealPersonalData } from './modules/records/reseal';

const [command, ...rest] = process.argv.slice(2);
const usage = 'usage: npm run ess -- reset-code <empNo>\n       npm run ess -- reseal';

if (!((command === 'reset-code' && rest[0]) || command === 'reseal')) {
  console.error(usage);
  process.exit(1);
}
const config = readConfig();
const { database, stop } = await openDatabaseForTools(config);
try {
  if (command === 'reseal') {
    const count = await resealPersonalData(
      database.db,
      createPersonalDataCipher(config.secretKey, config.previousSecretKeys),
    );
    console.log(`sealed ${count} values again with the current SECRET_KEY`);
  } else {
    const empNo = rest[0] as string;
    const { code, expiresAt } = await createResetCode(database.db, empNo);
    console.log(`reset code for ${empNo}: ${code}`);
    console.log(
      `valid until ${expiresAt.toISOString()}, works once; the employee opens /home/reset-password?code=${code}`,
    );
  }
} catch (error) {
  console.error(error instanceof BusinessError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
  await stop();
}
