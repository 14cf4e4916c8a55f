// /system-setting/person-setting: the two settings an employee changes (the photo only in the plants
// whose attendance system takes it).
import { hasAttendancePhoto } from '@ess/contract/common';
import { List } from 'antd-mobile';
import { FaceRecognitionOutline, LockOutline } from 'antd-mobile-icons';
import { LinkRow } from '../../components/action-rows';
import { t } from '../../i18n/zh-CN';
import { useSignedInUser } from '../../lib/current-user';

const PersonSettingPage = () => {
  const { profile } = useSignedInUser();
  return (
    <div className="page-padding">
      <List>
        {hasAttendancePhoto(profile.baseBu) && (
          <LinkRow to="/system-setting/person-photo" prefix={<FaceRecognitionOutline />}>
            {t.personSetting.changePhoto}
          </LinkRow>
        )}
        <LinkRow to="/system-setting/change-password" prefix={<LockOutline />}>
          {t.personSetting.changePassword}
        </LinkRow>
      </List>
    </div>
  );
};

export default PersonSettingPage;
