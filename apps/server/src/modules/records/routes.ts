// EmployeeInduction/GetEmployeeInfo, TitleCerFile/*, EmployeeRoster/GetBankCard, the avatar and the attendance
// photo. Edits of the records come through SystemNotice/ModifyNotice (modules/notices/routes.ts).
import { CER_TYPES, recordsRoutes } from '@ess/contract/records';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/contract-routes';
import type { OutsideSystems } from '../../integrations/outside-systems';
import { getAvatarUrl, saveAvatarFromBase64, setAvatarFromUpload, updateAttendancePhoto } from './photos';
import { getBankCard, getCertificates, getEmployeeInfo, type RecordsDeps } from './service';

export const registerRecordsRoutes = (app: FastifyInstance, deps: RecordsDeps & { outsideSystems: OutsideSystems }) => {
  const { db, outsideSystems } = deps;
  registerCall(app, recordsRoutes.getEmployeeInfo, async ({ caller }) => ({
    data: await getEmployeeInfo(deps, caller),
  }));
  registerCall(app, recordsRoutes.getTitleCer, async ({ body, caller }) => ({
    data: await getCertificates(deps, caller, { cerTypes: [body.type], withPending: false }),
  }));
  registerCall(app, recordsRoutes.getTitleCerWithUnVerify, async ({ body, caller }) => ({
    data: await getCertificates(deps, caller, { cerTypes: body.type ? [body.type] : CER_TYPES, withPending: true }),
  }));
  registerCall(app, recordsRoutes.getBankCard, async ({ caller }) => ({ data: await getBankCard(deps, caller) }));

  registerCall(app, recordsRoutes.getPhotoUrl, async ({ caller }) => ({ data: await getAvatarUrl(db, caller) }));
  registerCall(app, recordsRoutes.saveImageFromBase64, async ({ body, caller, request }) => ({
    data: await saveAvatarFromBase64(db, caller, { image: body.image, requestId: request.id }),
    msg: '上传成功',
  }));
  registerCall(app, recordsRoutes.modifyUser, async ({ body, caller, request }) => {
    await setAvatarFromUpload(db, caller, { path: body.avatar, requestId: request.id });
    return { data: null, msg: '修改成功' };
  });
  registerCall(app, recordsRoutes.updateAttPhoto, async ({ body, caller, request, idempotencyKey }) => {
    const state = await updateAttendancePhoto({
      db,
      outsideSystems,
      caller,
      path: body.filePath,
      requestId: request.id,
      idempotencyKey,
    });
    return { data: state, msg: state.message };
  });
};
