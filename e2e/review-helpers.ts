// Changes sent for HR's review as a phone would send them (ID card scans uploaded, then the notice), and the
// reviewers' view of them, for the specs of the review console. Each spec sends the changes of employees of its
// own, so the order the files run in does not matter.
import { drawPng } from '../apps/server/src/db/seed/demo-images';
import { api, baseUrl, DEMO_PASSWORD, sha256 } from './harness';

export const REVIEWER = '900001';

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

/** The employee signs in, uploads both sides of the ID card and sends an edit of the base data and education. */
export const submitPersonChange = async (empNo: string) => {
  const login = await api<{ token: string }>('Account/CheckLogin', {
    userAccount: empNo,
    password: sha256(DEMO_PASSWORD),
    isRemember: true,
  });
  if (!login.result) throw new Error(`sign-in of ${empNo} failed: ${login.msg}`);
  const { token } = login.data;
  const front = await upload(token, cardScan([30, 90, 200]));
  const back = await upload(token, cardScan([200, 120, 30]));
  const body = {
    base: {
      empCard: '110101199003078515',
      empTelNo: '13912345678',
      address: '南通市崇川区人民路 1 号',
      empCardType: '01',
      empHeight: '175',
      empWeight: '68.5',
      empEmail: '',
      empPolitical: '01',
      isMarry: 'N',
      empCardScanUp: front,
      empCardScanDown: back,
      emergencyContactName: '王芳',
      emergencyContactRelation: '02',
      emergencyContactTelNo: '0513-85551234',
    },
    educations: [
      { major: '05', title: '机械工程', schoolName: '南通大学', cerStartDate: '2008-09-01', cerEndDate: '2012-06-30' },
    ],
  };
  const sent = await api(
    'SystemNotice/ModifyNotice',
    { NoticeType: 'APP_EDIT_PERSON', NoticeBody: JSON.stringify(body) },
    token,
  );
  if (!sent.result) throw new Error(`the change of ${empNo} was refused: ${sent.msg}`);
  return { token };
};

type ChangeRow = { id: number; empNo: string; kind: string; status: 'pending' | 'approved' | 'rejected' };

/**
 * The request of `empNo` of that kind as the reviewers see it, whatever became of it: 100001's demo work edit is
 * decided by another spec, which may run before or after the one asking.
 */
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
