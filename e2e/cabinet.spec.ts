// /logistics/cabinet: an employee's shoe cabinet; each action asks first, cancel sends nothing; the outcome of an open
// is told in words, also when the (fake) controller is busy at first or refuses.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { usePhone } from './harness';
import { openSignedIn, recordRequests, requestsSoFar, screenshot, tapWhenStill } from './screen-helpers';
import { type MadeEmployee, makeCabinet, makeEmployee, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

let worker: MadeEmployee;
let boxId: number;

beforeAll(async () => {
  worker = await makeEmployee(data.database, { name: '柜子员工' });
  ({ id: boxId } = await makeCabinet(data.database, worker, {
    teamName: '总装三班',
    areaDesc: 'NT 厂区 2 号更衣室',
    equipmentDesc: '焊装车间',
    caseNo: '117',
  }));
});

/** The line under the buttons that says what became of the last command. */
const commandLine = () => phone.page.locator('.cabinet-command');
/** The fake cabinet controller's next answers (it answers 200 otherwise). */
const scriptController = async (...modes: string[]) => {
  const answer = await fetch(inject('fakeControllerControlUrl'), { method: 'POST', body: JSON.stringify(modes) });
  expect(answer.status).toBe(204);
};

const detailRow = (label: string) => phone.page.locator('.cabinet-details .adm-list-item', { hasText: label });

describe('cabinet', () => {
  it('shows team, address, workshop and box number, and no open-all button', async () => {
    await openSignedIn(phone, worker, '/logistics/cabinet');
    await detailRow('班组').getByText('总装三班').waitFor();
    await detailRow('柜子地址').getByText('NT 厂区 2 号更衣室').waitFor();
    await detailRow('车间').getByText('焊装车间').waitFor();
    await detailRow('箱号').getByText('117').waitFor();
    await phone.page.getByText('柜子按班组自动分配，未分配的请联系总务手工分配').waitFor();
    expect(await phone.page.getByRole('button').filter({ hasText: /全部/ }).count()).toBe(0);
    await screenshot(phone.page, 'cabinet');
  });

  it('opens the box only after 确定: cancel sends nothing, confirm says 已开柜 once the controller opened it', async () => {
    const opens = recordRequests(phone.page, 'LogisticsCabinet/RemoteOpenCabinet');
    await openSignedIn(phone, worker, '/logistics/cabinet');
    await detailRow('箱号').getByText('117').waitFor();

    await phone.page.getByRole('button', { name: '开柜' }).click();
    const dialog = phone.page.getByRole('dialog', { name: '开柜' });
    await dialog.getByText('确定要打开 117 号柜子吗？').waitFor();
    await screenshot(phone.page, 'cabinet-confirm');
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    await requestsSoFar(phone.page);
    expect(opens).toHaveLength(0);

    await phone.page.getByRole('button', { name: '开柜' }).click();
    await tapWhenStill(phone.page.getByRole('dialog').getByRole('button', { name: '确定' }));
    await commandLine().getByText('已开柜').waitFor();
    expect(opens).toHaveLength(1);
    expect(opens[0]?.boxId).toBe(boxId);
  });

  it('keeps trying a busy controller and tells the worker when the box opened, or whom to ask', async () => {
    await scriptController('busy');
    await openSignedIn(phone, worker, '/logistics/cabinet');
    await detailRow('箱号').getByText('117').waitFor();
    await phone.page.getByRole('button', { name: '开柜' }).click();
    await tapWhenStill(phone.page.getByRole('dialog').getByRole('button', { name: '确定' }));
    await commandLine().getByText('正在开柜，请稍候').waitFor();
    await screenshot(phone.page, 'cabinet-opening');
    // The server's job tries it again after five seconds; the screen follows it until the box is open.
    await commandLine().getByText('已开柜').waitFor({ timeout: 30_000 });

    await scriptController('refuse');
    await phone.page.getByRole('button', { name: '开柜' }).click();
    await tapWhenStill(phone.page.getByRole('dialog').getByRole('button', { name: '确定' }));
    await commandLine().getByText('开柜失败，请联系总务').waitFor();
    await screenshot(phone.page, 'cabinet-open-failed');
  });

  it('updates the cabinet photo only after the overwrite warning is confirmed', async () => {
    const updates = recordRequests(phone.page, 'LogisticsCabinet/UpdatePhotoToAtt');
    await openSignedIn(phone, worker, '/logistics/cabinet');
    await detailRow('箱号').getByText('117').waitFor();

    await phone.page.getByRole('button', { name: '更新柜子照片' }).click();
    const dialog = phone.page.getByRole('dialog');
    await dialog.getByText('更新柜子照片将覆盖考勤系统中的照片数据，确定要更新吗？').waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(updates).toHaveLength(0);

    await phone.page.getByRole('button', { name: '更新柜子照片' }).click();
    await tapWhenStill(phone.page.getByRole('dialog').getByRole('button', { name: '确定' }));
    await commandLine().getByText('照片已提交，正在同步到考勤系统').waitFor();
    expect(updates).toHaveLength(1);
    expect(updates[0]?.boxId).toBe(boxId);
    await phone.page.getByRole('dialog').waitFor({ state: 'detached' });
    await screenshot(phone.page, 'cabinet-done');
  });
});
