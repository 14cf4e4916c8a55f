// A personal-records edit as the app sends it (numbers as typed, ID card in full): the server's review tests and
// the browser tests send this one.
export const EDITED_ID_CARD = '110101199003078515';

export const baseEdit = (scans: { front: string; back: string }, changes: Record<string, unknown> = {}) => ({
  empCard: EDITED_ID_CARD,
  empTelNo: '13912345678',
  address: '南通市崇川区人民路 1 号',
  empCardType: '01',
  empHeight: '175',
  empWeight: '68.5',
  empEmail: '',
  empPolitical: '01',
  isMarry: 'N',
  empCardScanUp: scans.front,
  empCardScanDown: scans.back,
  emergencyContactName: '王芳',
  emergencyContactRelation: '02',
  emergencyContactTelNo: '0513-85551234',
  ...changes,
});

export const educationEdit = (changes: Record<string, unknown> = {}) => ({
  major: '05',
  title: '机械工程',
  schoolName: '南通大学',
  cerStartDate: '2008-09-01',
  cerEndDate: '2012-06-30',
  ...changes,
});
