// The commands for the cabinet controller and the attendance system that the first try did not settle: every five
// seconds, on one instance, each due one is tried again and those past their lifetime are given up (their employees
// told). A pass that fails is logged; the next one takes up what is still pending.
import type { Config } from '../config';
import type { Db } from '../db/client';
import { createOutsideSystems, endpointsOf } from '../integrations/outside-systems';
import type { JobDefinition } from './queue';

export const outsideCommandsJob = (config: Config, db: Db): JobDefinition => {
  const outsideSystems = createOutsideSystems({ db, endpoints: endpointsOf(config) });
  return {
    name: 'outside-commands',
    label: '柜子和考勤指令重发',
    everySeconds: 5,
    retryLimit: 0,
    keepSeconds: 3600,
    run: async ({ signal }) => {
      await outsideSystems.deliverDue(signal);
    },
  };
};
