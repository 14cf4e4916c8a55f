// /system-setting/person-setting: what an employee changes about the account: the avatar, the attendance photo
// (only in the plants whose attendance system takes it) and the password.
import { hasAttendancePhoto } from '@ess/contract/plants';
import { List } from 'antd-mobile';
import { FaceRecognitionOutline, LockOutline, UserCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { ButtonRow, LinkRow } from '../../components/action-rows';
import { t } from '../../i18n/zh-CN';
import { useSignedInUser } from '../../lib/current-user';
import { AvatarSheet } from './components/avatar-sheet';
import './person-center-page.css';

const PersonSettingPage = () => {
  const { profile } = useSignedInUser();
  const [isAvatarOpen, setAvatarOpen] = useState(false);
  return (
    <div className="page-padding">
      <List>
        <ButtonRow prefix={<UserCircleOutline />} onClick={() => setAvatarOpen(true)} hasPopup="dialog">
          {t.personSetting.changeAvatar}
        </ButtonRow>
        {hasAttendancePhoto(profile.baseBu) && (
          <LinkRow to="/system-setting/person-photo" prefix={<FaceRecognitionOutline />}>
            {t.personSetting.changePhoto}
          </LinkRow>
        )}
        <LinkRow to="/system-setting/change-password" prefix={<LockOutline />}>
          {t.personSetting.changePassword}
        </LinkRow>
      </List>
      <AvatarSheet visible={isAvatarOpen} onClose={() => setAvatarOpen(false)} />
    </div>
  );
};

export default PersonSettingPage;
