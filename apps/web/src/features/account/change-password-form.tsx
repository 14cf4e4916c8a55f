// The password form: the contract's rules and SPEC §5's messages, submit with both passwords hashed.
import { passwordChangeForm } from '@ess/contract/account';
import { Button, Form, Input } from 'antd-mobile';
import { contractRules } from '../../components/form/contract-rules';
import { RequiredLabel } from '../../components/form/required-label';
import { t } from '../../i18n/zh-CN';
import { showToast } from '../../lib/toast';
import { useChangePwd } from './api/change-pwd';

const rulesOf = contractRules(passwordChangeForm);

type Values = { oldPwd: string; newPwd: string; confirmPwd: string };

export const ChangePasswordForm = ({ onChanged }: { onChanged: () => void }) => {
  const [form] = Form.useForm<Values>();
  const changePwd = useChangePwd();
  return (
    <Form
      form={form}
      layout="horizontal"
      mode="card"
      requiredMarkStyle="none"
      onFinish={({ oldPwd, newPwd }: Values) =>
        changePwd.mutate(
          { oldPwd, newPwd },
          {
            onSuccess: () => {
              void showToast({ content: t.changePassword.success, kind: 'success' });
              onChanged();
            },
          },
        )
      }
      footer={
        <Button block type="submit" color="primary" size="large" loading={changePwd.isPending}>
          {t.changePassword.submit}
        </Button>
      }
    >
      <Form.Item
        name="oldPwd"
        label={<RequiredLabel>{t.changePassword.oldPwd}</RequiredLabel>}
        rules={rulesOf('oldPwd')}
      >
        <Input type="password" autoComplete="current-password" placeholder={t.changePassword.oldPlaceholder} />
      </Form.Item>
      <Form.Item
        name="newPwd"
        label={<RequiredLabel>{t.changePassword.newPwd}</RequiredLabel>}
        rules={rulesOf('newPwd')}
      >
        <Input type="password" autoComplete="new-password" placeholder={t.changePassword.newPlaceholder} />
      </Form.Item>
      <Form.Item
        name="confirmPwd"
        label={<RequiredLabel>{t.changePassword.confirmPwd}</RequiredLabel>}
        dependencies={['newPwd']}
        rules={[
          ...rulesOf('confirmPwd'),
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              !value || value === getFieldValue('newPwd')
                ? Promise.resolve()
                : Promise.reject(new Error(t.changePassword.mismatch)),
          }),
        ]}
      >
        <Input type="password" autoComplete="new-password" placeholder={t.changePassword.confirmPlaceholder} />
      </Form.Item>
    </Form>
  );
};
