// Changes sent for HR's review as a phone would send them (ID card scans uploaded, then the notice), and the
// reviewers' view of them, for the specs of the review console. Each spec sends the changes of employees of its
// own, so the order the files run in does not matter.
import type { ChangeKind } from '@ess/contract/records';
import { drawPng } from '../apps/server/src/seed/demo-images';
import { DEMO_RECORDS } from '../apps/server/src/seed/demo-record-values';
import { baseEdit, educationEdit } from '../apps/server/test/edit-forms';
import { api, baseUrl, sha256 } from './harness';
import { FACTORY_PASSWORD, type MadeEmployee } from './test-data';

/** The employee's access token, signed in through the API as a phone would (not in a browser). */
export const tokenOf = async (employee: MadeEmployee) => {
  const login = await api<{ token: string }>('Account/CheckLogin', {
    userAccount: employee.empNo,
    password: sha256(FACTORY_PASSWORD),
    isRemember: true,
  });
  if (!login.result) throw new Error(`sign-in of ${employee.empNo} failed: ${login.msg}`);
  return login.data.token;
};

/** A plain 120×76 picture of one colour, standing in for a scan of an ID card. */
export const cardScan = (color: [number, number, number]) =>
  drawPng({ width: 120, height: 76, background: color, blocks: [] });

const upload = async (token: string, file: Buffer) => {
  const form = new FormData();
  form.append('upType', 'CARD');
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'card.png');
  const response = await fetch(`${baseUrl()}/api/upload/UploadFileForMobile`, {
    method: 'POST',
    headers: { token, authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = (await response.json()) as { result: boolean; msg: string; data: string };
  if (!answer.result) throw new Error(`upload failed: ${answer.msg}`);
  return answer.data;
};

/** The employee sends a change of their records for review, as the record screens send it. */
export const submitChange = async (employee: MadeEmployee, kind: ChangeKind, body: unknown, token?: string) => {
  const sent = await api(
    'SystemNotice/ModifyNotice',
    { NoticeType: kind, NoticeBody: JSON.stringify(body) },
    token ?? (await tokenOf(employee)),
  );
  if (!sent.result) throw new Error(`the change of ${employee.empNo} was refused: ${sent.msg}`);
};

/** The employee signs in, uploads both sides of the ID card and sends an edit of the base data and education. */
export const submitPersonChange = async (employee: MadeEmployee) => {
  const token = await tokenOf(employee);
  const front = await upload(token, cardScan([30, 90, 200]));
  const back = await upload(token, cardScan([200, 120, 30]));
  const body = {
    base: baseEdit({ front, back }),
    educations: [educationEdit()],
  };
  await submitChange(employee, 'APP_EDIT_PERSON', body, token);
  return { token };
};

type WorkRecord = {
  schoolName: string;
  title: string;
  cerStartDate: string | null;
  cerEndDate: string | null;
  quitReason: string;
  personalSkill: string;
};

/** The employee sends their work history on file (`onFile`, the rows a factory made) with one employer added. */
export const submitWorkChange = async (
  employee: MadeEmployee,
  onFile: (WorkRecord & { id: number; cerType: string })[],
  added: WorkRecord = DEMO_RECORDS.nextWork,
) => {
  const kept = onFile
    .filter((record) => record.cerType === 'CER04')
    .map(({ id, schoolName, title, cerStartDate, cerEndDate, quitReason, personalSkill }) => ({
      id,
      schoolName,
      title,
      cerStartDate,
      cerEndDate,
      quitReason,
      personalSkill,
    }));
  await submitChange(employee, 'APP_EDIT_WORK', { records: [...kept, added] });
};

type ChangeRow = { id: number; empNo: string; kind: string; status: 'pending' | 'approved' | 'rejected' };

/** The request of `empNo` of that kind as the reviewers see it, whatever became of it. */
export const findChange = async (reviewerToken: string, empNo: string, kind: string) => {
  for (const status of ['pending', 'approved', 'rejected'] as const) {
    for (let page = 1; ; page += 1) {
      const answer = await api<ChangeRow[]>(
        'Review/GetChangeList',
        { status, kind, CurrentPage: page, PageSize: 50 },
        reviewerToken,
      );
      const found = answer.data.find((row) => row.empNo === empNo);
      if (found) return found;
      if (answer.data.length < 50) break;
    }
  }
  throw new Error(`no change of ${empNo} (${kind}) is on record`);
};
