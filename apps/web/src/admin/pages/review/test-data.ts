// Requests as the server answers them, for the 资料审核 page's tests.
import type { ChangeDetail, ChangeListItem } from '@ess/contract/review';

export const listItem = (patch: Partial<ChangeListItem> = {}): ChangeListItem => ({
  id: 1,
  empNo: '100001',
  empName: '张伟',
  bu: 'NT',
  deptName: '总装车间',
  kind: 'APP_EDIT_WORK',
  status: 'pending',
  submittedAt: '2025-06-01 09:00',
  decidedAt: null,
  ...patch,
});

export const detailOf = (patch: Partial<ChangeDetail> = {}): ChangeDetail => ({
  ...listItem(),
  title: '员工[100001]修改了工作信息',
  decidedByName: null,
  reason: '',
  isStale: false,
  seenVersions: { CER04: 3 },
  groups: [
    {
      title: '修改工作经历',
      change: 'changed',
      fields: [
        { label: '工作单位', before: '南通华达机械有限公司', after: '如皋精工汽配厂', isChanged: true, isFile: false },
        { label: '职位', before: '装配工', after: '装配工', isChanged: false, isFile: false },
      ],
    },
    {
      title: '新增学历',
      change: 'added',
      fields: [
        { label: '学校', before: null, after: '南通大学', isChanged: true, isFile: false },
        {
          label: '证书照片',
          before: null,
          after: '/api/files/0b6f2f4e-8a55-4c8e-9a53-1f2d3c4b5a69',
          isChanged: true,
          isFile: true,
        },
      ],
    },
  ],
  ...patch,
});
