// /system-setting/person-setting: the two settings an employee changes (the photo only in the plants
// whose attendance system takes it).
import { hasAttendancePhoto } from '@ess/contract/common';
import { List } from 'antd-mobile';
import { FaceRecognitionOutline, LockOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { t } from '../../i18n/zh-CN';
import { useSignedInUser } from '../../lib/current-user';

const PersonSettingPage = () => {
  const navigate = useNavigate();
  const { profile } = useSignedInUser();
  return (
    <div className="page-padding">
      <List>
        {hasAttendancePhoto(profile.baseBu) && (
          <List.Item
            prefix={<FaceRecognitionOutline />}
            onClick={() => navigate('/system-setting/person-photo')}
            tabIndex={0}
          >
            {t.personSetting.changePhoto}
          </List.Item>
        )}
        <List.Item prefix={<LockOutline />} onClick={() => navigate('/system-setting/change-password')} tabIndex={0}>
          {t.personSetting.changePassword}
        </List.Item>
      </List>
    </div>
  );
};

export default PersonSettingPage;
