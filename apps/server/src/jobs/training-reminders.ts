// Every morning at 9 (China time), on one instance: a message to each worker who has not yet finished a study
// assignment due tomorrow or submitted an exam or survey closing tomorrow — once per assignment and paper. The
// messages reach the app's 消息 and, where it is connected, the worker's WeCom (a reminder they may turn off).
import type { Db } from '../db/client';
import { remindDueTomorrow } from '../modules/materials/service';
import { remindClosingTomorrow } from '../modules/training/service';
import type { JobDefinition } from './queue';

export const trainingRemindersJob = (db: Db): JobDefinition => ({
  name: 'training-reminders',
  label: '学习和考试截止提醒',
  cron: '0 9 * * *',
  run: async () => {
    await remindDueTomorrow(db);
    await remindClosingTomorrow(db);
  },
});
