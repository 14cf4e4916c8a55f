// /system-setting/person-setting: what an employee changes about the account: the avatar, the attendance photo
// (only in the plants whose attendance system takes it), the password, 长辈版 (large text), and — where the plant's
// WeCom is connected — which reminders also reach their WeCom.
import { hasAttendancePhoto } from '@ess/contract/plants';
import { MESSAGE_CATEGORIES, MESSAGE_CATEGORY_LABELS } from '@ess/contract/wechat';
import { useQuery } from '@tanstack/react-query';
import { List, Switch } from 'antd-mobile';
import { FaceRecognitionOutline, LockOutline, UserCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { ButtonRow, LinkRow } from '../../components/action-rows';
import { t } from '../../i18n/zh-CN';
import { useSignedInUser } from '../../lib/current-user';
import { useSetLargeText } from '../../lib/set-large-text';
import { messageSettingsQuery, useSaveMessageSettings } from './api/message-settings';
import { AvatarSheet } from './components/avatar-sheet';
import './person-center-page.css';

/** The reminders a worker may keep from their WeCom; shown only where WeCom is connected. */
const WecomMessages = () => {
  const settings = useQuery(messageSettingsQuery());
  const save = useSaveMessageSettings();
  if (!settings.data?.isWecomConfigured) return null;
  const { muted } = settings.data;
  return (
    <List header={t.personSetting.wecomMessages} className="person-setting-messages">
      {MESSAGE_CATEGORIES.map((category) => (
        <List.Item
          key={category}
          extra={
            <Switch
              checked={!muted.includes(category)}
              aria-label={MESSAGE_CATEGORY_LABELS[category]}
              onChange={(isOn) => save.mutate(isOn ? muted.filter((kept) => kept !== category) : [...muted, category])}
            />
          }
        >
          {MESSAGE_CATEGORY_LABELS[category]}
        </List.Item>
      ))}
      <List.Item description={t.personSetting.wecomMessagesHint} />
    </List>
  );
};

const PersonSettingPage = () => {
  const { profile } = useSignedInUser();
  const [isAvatarOpen, setAvatarOpen] = useState(false);
  const setLargeText = useSetLargeText();
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
      <List header={t.personSetting.display}>
        <List.Item
          description={t.personSetting.largeTextHint}
          extra={
            <Switch
              checked={profile.largeText === true}
              aria-label={t.personSetting.largeText}
              onChange={(isOn) => setLargeText.mutate(isOn)}
            />
          }
        >
          {t.personSetting.largeText}
        </List.Item>
      </List>
      <WecomMessages />
      <AvatarSheet visible={isAvatarOpen} onClose={() => setAvatarOpen(false)} />
    </div>
  );
};

export default PersonSettingPage;
