import type { SafetyIssue } from '@ess/contract/inspection';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok, renderScreen } from '../../test/render';
import MyEhsPage from './my-ehs-page';

const issue = (patch: Partial<SafetyIssue>): SafetyIssue => ({
  ISSUE_DESCR: '工位物料堆放超高',
  WORK_PROCESS: '焊接',
  INSPECTION_DATE: '2025-01-10',
  TYPE_CODE: 'EHS02',
  TYPE_NAME: '物的不安全状态',
  BAD_QTY: 2,
  ...patch,
});

describe('MyEhsPage', () => {
  it("shows the issue type's name, and the code of a type the dictionary does not know", async () => {
    fakeServer({
      'InspectionEhs/GetMyEhs': () =>
        ok(JSON.stringify([issue({}), issue({ ISSUE_DESCR: '新类型问题', TYPE_CODE: 'EHS99', TYPE_NAME: null })])),
    });
    renderScreen(<MyEhsPage />);
    const [named, unknown] = (await screen.findAllByRole('listitem')) as [HTMLElement, HTMLElement];
    expect(within(named).getByText('物的不安全状态')).toBeInTheDocument();
    expect(within(named).queryByText('EHS02')).not.toBeInTheDocument();
    expect(within(unknown).getByText('EHS99')).toBeInTheDocument();
  });
});
