// What a worker sees of a change they sent for review: the values they sent, marked 待审核, with 撤回 while nobody
// has decided; and in 我的消息 how it ended, in words: 已撤回, or 未通过 with the reviewer's reason.
import { describe, expect, it } from 'vitest';
import { api, usePhone } from './harness';
import { findChange, submitPersonChange, tokenOf } from './review-helpers';
import { openSignedIn, screenshot } from './screen-helpers';
import { makeEmployee, useTestData } from './test-data';

const phone = usePhone();
const data = useTestData();

describe('a change sent for review, as its sender sees it', () => {
  it('shows the values sent as 待审核 and withdraws them, after which 我的消息 says 已撤回', async () => {
    const worker = await makeEmployee(data.database, { name: '撤回员工' });
    await submitPersonChange(worker);
    const { page } = phone;
    await openSignedIn(phone, worker, '/user/my-education');

    const sent = page.locator('.records-sent');
    await sent.getByText('您提交的修改').waitFor();
    const phoneLine = sent.locator('.records-sent-field', { hasText: '联系电话' });
    expect(await phoneLine.locator('dd').textContent()).toBe('13912345678待审核');
    // The ID card number is masked here as everywhere on the phone.
    await sent.getByText('1101**********8515').waitFor();
    expect(await page.getByRole('button', { name: '修改', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'records-pending-sent');

    await page.getByRole('button', { name: '撤回修改' }).click();
    const dialog = page.getByRole('dialog', { name: '撤回修改' });
    await dialog.getByText('撤回后本次修改作废').waitFor();
    await dialog.getByRole('button', { name: '撤回', exact: true }).click();
    await page.getByText('已撤回').first().waitFor();
    await sent.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('button', { name: '修改', exact: true }).isEnabled()).toBe(true);

    await page.goto('/user/my-option');
    const notice = page.locator('.notice-item', { hasText: '修改个人信息，已撤回' });
    await notice.waitFor();
    expect(await notice.locator('.adm-tag').textContent()).toBe('已撤回');
  });

  it('reads 未通过 with the reason after a rejection, never the green of an approval', async () => {
    const worker = await makeEmployee(data.database, { name: '驳回员工' });
    const reviewer = await makeEmployee(data.database, { name: '审核人', roles: ['Employee', 'AppVerify'] });
    await submitPersonChange(worker);
    const reviewerToken = await tokenOf(reviewer);
    const change = await findChange(reviewerToken, worker.empNo, 'APP_EDIT_PERSON');
    const rejected = await api('Review/RejectChange', { id: change.id, reason: '身份证照片不清晰' }, reviewerToken);
    expect(rejected.result).toBe(true);

    const { page } = phone;
    await openSignedIn(phone, worker, '/user/my-option');
    const notice = page.locator('.notice-item', { hasText: '修改个人信息，未通过' });
    await notice.waitFor();
    const tag = notice.locator('.adm-tag');
    expect(await tag.textContent()).toBe('未通过');
    expect(await tag.evaluate((element) => element.className)).not.toContain('success');
    await notice.getByText('审核意见：您提交的个人信息修改未通过审核：身份证照片不清晰').waitFor();
    await screenshot(page, 'my-option-rejected');
  });
});
