// The console's sign-in: the employee app's call and cookies (one session for both), a desktop form.
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { describeError } from '../lib/api-client';
import { checkLogin, type SignInFields as Fields } from './api/check-login';
import { ct } from './texts';

export const SignInPage = () => {
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const [isBusy, setBusy] = useState(false);
  const submit = async ({ userAccount, password }: Fields) => {
    setBusy(true);
    setError('');
    try {
      await checkLogin({ userAccount, password });
      queryClient.clear();
      await queryClient.invalidateQueries();
      window.location.reload();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
      <Card style={{ width: 380 }}>
        <Typography.Title level={3} style={{ textAlign: 'center' }}>
          {ct.signIn.title}
        </Typography.Title>
        <Form<Fields> layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            label={ct.signIn.account}
            name="userAccount"
            rules={[{ required: true, whitespace: true, message: ct.signIn.accountRequired }]}
          >
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            label={ct.signIn.password}
            name="password"
            rules={[{ required: true, message: ct.signIn.passwordRequired }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {error && (
            <Typography.Paragraph type="danger" role="alert">
              {error}
            </Typography.Paragraph>
          )}
          <Button type="primary" htmlType="submit" block loading={isBusy}>
            {ct.signIn.submit}
          </Button>
        </Form>
      </Card>
    </main>
  );
};
