// /home/reset-password?code=…: the landing of HR's reset link; posts the code once on load.
import { Button, Result } from 'antd-mobile';
import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { ApiError } from '../../lib/api-client';
import { useResetPassword } from './api/reset-password';
import './reset-password-page.css';

const ResetPasswordPage = () => {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const hasPosted = useRef(false);

  useEffect(() => {
    // Once per page load, also under StrictMode's double effects: the code works once.
    if (!code || hasPosted.current) return;
    hasPosted.current = true;
    reset.mutate(code);
  }, [code, reset]);

  let content: ReactNode;
  if (!code) {
    content = <Result status="warning" title={t.resetPassword.failed} description={t.resetPassword.invalidLink} />;
  } else if (reset.isSuccess) {
    const { empNo, initialPassword } = reset.data;
    content = (
      <>
        <Result status="success" title={t.resetPassword.success} description={t.resetPassword.signInWith} />
        <dl className="reset-sign-in">
          <dt>{t.resetPassword.account}</dt>
          <dd>{empNo}</dd>
          <dt>{t.resetPassword.initialPassword}</dt>
          <dd className="reset-password-value">{initialPassword}</dd>
        </dl>
        <Button
          block
          color="primary"
          size="large"
          onClick={() => navigate(`/login?account=${encodeURIComponent(empNo)}`)}
        >
          {t.resetPassword.toSignIn}
        </Button>
      </>
    );
  } else if (reset.isError) {
    // The server's message is the failure toast (SPEC §8), raised once for every mutation by the query
    // client; the page only keeps the outcome on screen.
    content = (
      <>
        <Result status="error" title={t.resetPassword.failed} />
        {/* Only a failure that never reached the server can be retried; a spent code stays spent. */}
        {reset.error instanceof ApiError && reset.error.kind !== 'business' && (
          <Button block color="primary" onClick={() => reset.mutate(code)}>
            {t.resetPassword.retry}
          </Button>
        )}
      </>
    );
  } else {
    content = <Result status="waiting" title={t.resetPassword.working} />;
  }

  return (
    <main className="page-center" aria-live="polite">
      <h1 className="visually-hidden">{t.routes.resetPassword}</h1>
      {content}
    </main>
  );
};

export default ResetPasswordPage;
