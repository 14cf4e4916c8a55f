import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeCurrentUser, ok, renderScreen } from '../../test/render';
import MyBankPage, { isQuestionableBankNo } from './my-bank-page';
import { FILE } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const CARD = {
  bankName: '中国银行',
  bankAddress: '中国银行南通分行',
  bankNo: '6217 **** **** 0122',
  filePath: FILE(7),
};

const serve = (data: object) =>
  fakeServer({
    'EmployeeRoster/GetBankCard': () => ok(data),
    'SystemNotice/ModifyNotice': () => ok(null, '已提交审核,请勿重复提交'),
  });

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });
const currentUser = makeCurrentUser();

describe('/user/my-bank', () => {
  it('shows the card masked, and the card of an edit waiting for review with 待审核 (修改 off)', async () => {
    serve({
      bankCard: CARD,
      bankOptions: ['中国银行', '中国工商银行'],
      pendingChangeRequest: {
        id: 3,
        kind: 'APP_EDIT_BANK',
        submittedAt: '2025-06-02 10:00',
        bankCard: { ...CARD, bankName: '中国工商银行', bankNo: '6222 **** **** 0123' },
      },
    });
    renderScreen(<MyBankPage />, { currentUser });
    const pending = await screen.findByRole('region', { name: '审核中的银行卡' });
    expect(within(pending).getByText('待审核')).toBeInTheDocument();
    expect(within(pending).getByText('6222 **** **** 0123')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '工资卡' })).getByText('6217 **** **** 0122')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '修改' })).toBeDisabled();
  });

  it("needs the card photo and number, in the contract's words; the bank defaults to the plant's first", async () => {
    const { calls } = serve({ bankCard: null, bankOptions: ['招商银行'], pendingChangeRequest: null });
    const user = setup();
    renderScreen(<MyBankPage />, { currentUser });
    expect(await screen.findByText('暂未登记工资卡')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '修改' }));
    expect(screen.getByRole('button', { name: '开户银行：招商银行' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^银行卡号/)).toHaveAttribute('inputmode', 'numeric');
    await user.click(screen.getByRole('button', { name: '提交审核' }));
    expect(await screen.findByText('请上传银行卡照片')).toBeInTheDocument();
    expect(screen.getByText('请填写银行卡号')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^银行卡号/), '12345');
    expect(await screen.findByText('银行卡号应为 16–19 位数字')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'SystemNotice/ModifyNotice')).toHaveLength(0);
  });

  it('questions a number failing the Luhn check but sends it all the same', async () => {
    const { calls } = serve({ bankCard: CARD, bankOptions: ['中国银行', '中国工商银行'], pendingChangeRequest: null });
    const user = setup();
    renderScreen(<MyBankPage />, { currentUser });
    await user.click(await screen.findByRole('button', { name: '修改' }));
    const number = screen.getByLabelText(/^银行卡号/);
    expect(number).toHaveValue('6217 **** **** 0122');
    await user.clear(number);
    await user.type(number, '6222021234567890128');
    expect(screen.queryByText(/卡号校验未通过/)).not.toBeInTheDocument();
    await user.clear(number);
    await user.type(number, '6222021234567890123');
    expect(await screen.findByText(/卡号校验未通过，请核对卡号是否输入正确/)).toBeInTheDocument();
    // Submitting asks first: 返回核对 sends nothing, 卡号无误，提交 sends it.
    await user.click(screen.getByRole('button', { name: '提交审核' }));
    const asked = await screen.findByRole('dialog', { name: '请核对卡号' });
    await user.click(within(asked).getByRole('button', { name: '返回核对' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '请核对卡号' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.path === 'SystemNotice/ModifyNotice')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '提交审核' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '请核对卡号' })).getByRole('button', { name: '卡号无误，提交' }),
    );
    expect(await screen.findByText('已提交审核,请勿重复提交')).toBeInTheDocument();
    const sent = calls.find((call) => call.path === 'SystemNotice/ModifyNotice');
    expect(sent?.body).toMatchObject({ NoticeType: 'APP_EDIT_BANK', NoticeTitle: '修改银行卡信息' });
    expect(JSON.parse(String(sent?.body.NoticeBody))).toEqual({
      bank: { filePath: FILE(7), bankNo: '6222021234567890123', bankName: '中国银行', bankAddress: '中国银行南通分行' },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: '修改' })).toBeInTheDocument());
  });

  it('asks for the number when the masked one is cleared, instead of taking it as unchanged', async () => {
    const { calls } = serve({ bankCard: CARD, bankOptions: ['中国银行'], pendingChangeRequest: null });
    const user = setup();
    renderScreen(<MyBankPage />, { currentUser });
    await user.click(await screen.findByRole('button', { name: '修改' }));
    const number = screen.getByLabelText(/^银行卡号/);
    await user.clear(number);
    await user.tab();
    expect(number).toHaveValue('');
    await user.click(screen.getByRole('button', { name: '提交审核' }));
    expect(await screen.findByText('请填写银行卡号')).toBeInTheDocument();
    expect(screen.queryByText('资料没有变化，无需提交')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === 'SystemNotice/ModifyNotice')).toHaveLength(0);
  });

  it('questions only whole numbers of 16–19 digits', () => {
    expect(isQuestionableBankNo('6222021234567890123')).toBe(true);
    expect(isQuestionableBankNo('6222 0212 3456 7890 123')).toBe(true);
    expect(isQuestionableBankNo('6222021234567890128')).toBe(false);
    expect(isQuestionableBankNo('6217 **** **** 0122')).toBe(false);
    expect(isQuestionableBankNo('12345')).toBe(false);
  });
});

describe('leaving the bank card edit', () => {
  it('goes back at once when nothing changed, asks before dropping a typed number, and drops it when agreed', async () => {
    serve({ bankCard: CARD, bankOptions: ['中国银行'], pendingChangeRequest: null });
    const user = setup();
    renderScreen(<MyBankPage />, { currentUser });
    await user.click(await screen.findByRole('button', { name: '修改' }));
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(await screen.findByRole('button', { name: '修改' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '放弃修改' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '修改' }));
    await user.type(screen.getByLabelText(/^银行卡号/), '6217000011112222');
    await user.click(screen.getByRole('button', { name: '取消' }));
    const keep = await screen.findByRole('dialog', { name: '放弃修改' });
    expect(within(keep).getByText('修改尚未提交，确定要放弃吗？')).toBeInTheDocument();
    await user.click(within(keep).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '放弃修改' })).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^银行卡号/)).toHaveValue('6217000011112222');

    await user.click(screen.getByRole('button', { name: '取消' }));
    const drop = await screen.findByRole('dialog', { name: '放弃修改' });
    await user.click(within(drop).getByRole('button', { name: '确定' }));
    expect(await screen.findByRole('button', { name: '修改' })).toBeInTheDocument();
  });
});
