// The password form: validation messages of SPEC §5, submit with both passwords hashed.
import { Button, Form, Input } from 'antd-mobile';
import { t } from '../../i18n/zh-CN';
import { describeError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { useChangePwd } from './api/change-pwd';

export const MIN_PASSWORD_LENGTH = 6;

type Values = { oldPwd: string; newPwd: string; confirmPwd: string };

export const ChangePasswordForm = ({ onChanged }: { onChanged: () => void }) => {
  const [form] = Form.useForm<Values>();
  const changePwd = useChangePwd();
  return (
    <Form
      form={form}
      layout="horizontal"
      mode="card"
      requiredMarkStyle="asterisk"
      onFinish={({ oldPwd, newPwd }: Values) =>
        changePwd.mutate(
          { oldPwd, newPwd },
          {
            onSuccess: () => {
              void showToast({ content: t.changePassword.success, kind: 'success' });
              onChanged();
            },
            onError: (error) =>
              void showToast({ content: t.changePassword.failed(describeError(error)), kind: 'fail' }),
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
        label={t.changePassword.oldPwd}
        rules={[{ required: true, message: t.changePassword.oldRequired }]}
      >
        <Input type="password" autoComplete="current-password" placeholder={t.changePassword.oldPlaceholder} />
      </Form.Item>
      <Form.Item
        name="newPwd"
        label={t.changePassword.newPwd}
        rules={[
          { required: true, message: t.changePassword.newRequired },
          { min: MIN_PASSWORD_LENGTH, message: t.changePassword.tooShort },
        ]}
      >
        <Input type="password" autoComplete="new-password" placeholder={t.changePassword.newPlaceholder} />
      </Form.Item>
      <Form.Item
        name="confirmPwd"
        label={t.changePassword.confirmPwd}
        dependencies={['newPwd']}
        rules={[
          { required: true, message: t.changePassword.confirmRequired },
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
