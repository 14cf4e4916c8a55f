// /system-setting/change-password: after a change every session ends, so the user signs in again
// (SPEC §4: to /login after 2 s). Also where a reset account is sent before anything else.
import { useQueryClient } from '@tanstack/react-query';
import { NoticeBar } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { useCurrentUser } from '../../lib/current-user';
import { clearSession } from '../../lib/session';
import { ChangePasswordForm } from './change-password-form';

export const SIGN_IN_AGAIN_DELAY_MS = 2000;

const ChangePasswordPage = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: currentUser } = useCurrentUser();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const isForced =
    Boolean((location.state as { isForced?: boolean } | null)?.isForced) || currentUser?.profile.mustChangePassword;

  useEffect(() => () => clearTimeout(timer.current), []);

  const onChanged = () => {
    clearSession();
    timer.current = setTimeout(() => {
      navigate('/login', { replace: true });
      queryClient.clear();
    }, SIGN_IN_AGAIN_DELAY_MS);
  };

  return (
    <div>
      {isForced && <NoticeBar content={t.session.mustChangePassword} color="alert" wrap />}
      <ChangePasswordForm onChanged={onChanged} />
    </div>
  );
};

export default ChangePasswordPage;
