// `npm run seed -- --employees N [--reset]`: seeds the demo company into the configured database.
import { readConfig } from '../config';
import { createPersonalDataCipher } from '../core/personal-data';
import { openDatabaseForTools } from '../db/connect';
import { withMigrationLock } from '../db/migrate';
import { isDatabaseEmpty, seedDemo } from './demo';
import { installDemoMedia } from './demo-training';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const employees = Number(flag('employees') ?? 200);
if (!Number.isInteger(employees) || employees < 2) {
  console.error('--employees must be an integer of at least 2');
  process.exit(1);
}

const config = readConfig();
const { database, stop } = await openDatabaseForTools(config);
try {
  // Under the migration lock, as a server's start seeds: never two seeds at once.
  await withMigrationLock(database.pool, async () => {
    if (args.includes('--reset')) {
      await database.pool.query(
        'truncate employees, roles, menus, banners, banner_images, dictionary_items, plant_banks, outbox_commands, training_materials, papers restart identity cascade',
      );
    } else if (!(await isDatabaseEmpty(database.pool))) {
      console.error('The database already holds employees; pass --reset to replace them with the demo company.');
      process.exitCode = 1;
      return;
    }
    const started = Date.now();
    await seedDemo(database.pool, {
      employees,
      cipher: createPersonalDataCipher(config.secretKey, config.previousSecretKeys),
    });
    installDemoMedia(config.mediaDir);
    console.log(`seeded ${employees} employees in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
} finally {
  await database.close();
  await stop();
}
