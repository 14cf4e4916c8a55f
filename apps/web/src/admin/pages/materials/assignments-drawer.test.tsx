// 分配与学习情况: a material's assignment opened shows who finished per department and who has not; 新建分配 sends
// the theme, the audience, the due date and 必修 as the contract's draft.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, renderScreen } from '../../../test/render';
import { AssignmentsDrawer } from './assignments-drawer';

afterEach(() => vi.unstubAllGlobals());

const SESSION = { id: 2, empNo: '900002', name: '周敏', roles: ['HRAdmin'], adminPlants: ['NT'] } as never;
const MATERIAL = {
  id: 4,
  name: '冲压安全规程',
  bu: 'NT',
  kind: 'document',
  state: 'ready',
  progress: 100,
  failureMessage: null,
  originalFileName: 'rules.pdf',
  sizeBytes: 1000,
  durationSeconds: null,
  uploaderName: '周敏',
  assignedCount: 3,
  url: '/api/media/x.pdf',
  createdAt: '2026-11-28 09:00',
  updatedAt: '2026-11-28 09:00',
} as never;
const ASSIGNMENT = {
  id: 8,
  materialId: 4,
  materialName: '冲压安全规程',
  trainTheme: '冲压岗位安全',
  audience: 'NT · 部门：NT 冲压车间',
  dueAt: '2026-12-05 18:00',
  isRequired: true,
  isWithdrawn: false,
  authorName: '周敏',
  createdAt: '2026-11-28 09:00',
  remindedAt: null,
  audienceCount: 3,
  doneCount: 1,
  overdueCount: 0,
};

describe('AssignmentsDrawer', { timeout: 90_000 }, () => {
  it('opens an assignment’s progress, and sends a new assignment', async () => {
    const { calls } = fakeServer({
      'TrainMaterial/GetAssignments': () => ({ body: { result: true, msg: '', data: [ASSIGNMENT], totalCount: 1 } }),
      'TrainMaterial/GetProgress': () =>
        ok({
          audienceCount: 3,
          doneCount: 1,
          overdueCount: 0,
          groups: [{ bu: 'NT', deptName: '冲压车间', audienceCount: 3, doneCount: 1, overdueCount: 0 }],
        }),
      'TrainMaterial/GetProgressPeople': () => ({
        body: {
          result: true,
          msg: '',
          data: [
            {
              empNo: '100200',
              name: '李雷',
              bu: 'NT',
              deptName: '冲压车间',
              teamName: '',
              standing: 'pending',
              studiedMinutes: 0,
              coverage: null,
            },
          ],
          totalCount: 1,
        },
      }),
      'People/GetPlantTeams': () => ok({ departments: ['冲压车间'], teams: [], positions: ['操作工', '班长'] }),
      'TrainMaterial/Assign': () => ok({ id: 9 }, '已分配'),
    });
    renderScreen(<AssignmentsDrawer session={SESSION} material={MATERIAL} onClose={() => {}} />);
    expect(await screen.findByText('1 / 3 人完成')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '详情' }));
    expect(await screen.findByText('李雷')).toBeTruthy();
    expect(screen.getAllByText('1 / 3 人完成').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '返回分配列表' }));

    fireEvent.click(await screen.findByRole('button', { name: '新建分配' }));
    fireEvent.change(screen.getByLabelText('培训主题'), { target: { value: '冬季安全' } });
    // For the plant's team leaders (职务 班长) only.
    fireEvent.mouseDown(screen.getByLabelText('职务（可选）'));
    fireEvent.click(await screen.findByTitle('NT 班长'));
    fireEvent.click(screen.getByRole('button', { name: '分 配' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'TrainMaterial/Assign')).toBe(true));
    expect(calls.find((call) => call.path === 'TrainMaterial/Assign')?.body).toMatchObject({
      materialId: 4,
      trainTheme: '冬季安全',
      audience: {
        plants: ['NT'],
        departments: [],
        teams: [],
        positions: [{ bu: 'NT', name: '班长' }],
        roles: [],
        empNos: [],
      },
      isRequired: true,
    });
  });
});
