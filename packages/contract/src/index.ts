// The API contract shared by server and web: every call's path, request and answer data.
import { accountRoutes } from './account';
import { announcementsRoutes } from './announcements';
import { attendanceRoutes } from './attendance';
import { bannersRoutes } from './banners';
import { consoleRoutes } from './console';
import { dashboardRoutes } from './dashboard';
import { filesRoutes } from './files';
import { handbookRoutes } from './handbook';
import { homeRoutes } from './home';
import { importRoutes } from './imports';
import { inboxRoutes } from './inbox';
import { inspectionRoutes } from './inspection';
import { logisticsRoutes } from './logistics';
import { materialsRoutes } from './materials';
import { menuRoutes } from './menu';
import { noticesRoutes } from './notices';
import { paperAuthoringRoutes } from './paper-authoring';
import { payslipBatchRoutes } from './payslip-batches';
import { peopleRoutes } from './people';
import { proposalsRoutes } from './proposals';
import { questionBankRoutes } from './question-bank';
import { realtimeRoutes } from './realtime';
import { recordsRoutes } from './records';
import { recruitmentRoutes } from './recruitment';
import { reviewRoutes } from './review';
import { salaryRoutes } from './salary';
import { siteRoutes } from './site';
import { trainingRoutes } from './training';
import { wechatRoutes } from './wechat';

export * from './common';

/** Every call of the API, by name. The server registers exactly these; tests enumerate them. */
export const routes = {
  ...accountRoutes,
  ...menuRoutes,
  ...homeRoutes,
  ...noticesRoutes,
  ...attendanceRoutes,
  ...salaryRoutes,
  ...logisticsRoutes,
  ...inspectionRoutes,
  ...recordsRoutes,
  ...filesRoutes,
  ...reviewRoutes,
  ...realtimeRoutes,
  ...proposalsRoutes,
  ...recruitmentRoutes,
  ...wechatRoutes,
  ...trainingRoutes,
  // The HR console
  ...consoleRoutes,
  ...dashboardRoutes,
  ...inboxRoutes,
  ...announcementsRoutes,
  ...bannersRoutes,
  ...questionBankRoutes,
  ...paperAuthoringRoutes,
  ...handbookRoutes,
  ...materialsRoutes,
  ...importRoutes,
  ...payslipBatchRoutes,
  ...peopleRoutes,
  ...siteRoutes,
};
export type Routes = typeof routes;
export type RouteName = keyof Routes;
