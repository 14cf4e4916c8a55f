// /user/person-center (the 我的 tab): avatar with preview, name, department, title, links, sign-out.
import { hasAttendancePhoto } from '@ess/contract/plants';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, ImageViewer, List } from 'antd-mobile';
import {
  BankcardOutline,
  CloseCircleOutline,
  ContentOutline,
  FaceRecognitionOutline,
  FileOutline,
  LockOutline,
  MessageOutline,
  SetOutline,
  StarOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ButtonRow, LinkRow } from '../../components/action-rows';
import { t } from '../../i18n/zh-CN';
import { confirmAction } from '../../lib/confirm-action';
import { useSignedInUser } from '../../lib/current-user';
import { clearSession, readRefreshToken } from '../../lib/session';
import { plantNameOf, useSiteFace } from '../../lib/site-face';
import { logout } from './api/logout';
import './person-center-page.css';

export const DEFAULT_AVATAR_URL = '/default-avatar.svg';

const PHOTO_PATH = '/system-setting/person-photo';

const LINKS: readonly { path: string; title: string; icon: ReactNode }[] = [
  { path: '/user/announcements', title: t.personCenter.announcements, icon: <MessageOutline /> },
  { path: '/system-setting/person-setting', title: t.personCenter.personSetting, icon: <SetOutline /> },
  { path: PHOTO_PATH, title: t.personCenter.personPhoto, icon: <FaceRecognitionOutline /> },
  { path: '/system-setting/change-password', title: t.personCenter.changePassword, icon: <LockOutline /> },
  { path: '/user/my-bank', title: t.personCenter.myBank, icon: <BankcardOutline /> },
  { path: '/user/my-education', title: t.personCenter.myEducation, icon: <ContentOutline /> },
  { path: '/user/title-evaluation', title: t.personCenter.titleEvaluation, icon: <StarOutline /> },
  { path: '/user/skill-evaluation', title: t.personCenter.skillEvaluation, icon: <FileOutline /> },
  { path: '/user/my-work', title: t.personCenter.myWork, icon: <UnorderedListOutline /> },
];

const PersonCenterPage = () => {
  const { profile } = useSignedInUser();
  // The plant by the name the SysAdmin gave it (公司信息), else its code; the department's name comes so from the server.
  const plant = plantNameOf(useSiteFace(), profile.baseBu);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const avatarUrl = profile.avatarUrl || DEFAULT_AVATAR_URL;
  const links = hasAttendancePhoto(profile.baseBu) ? LINKS : LINKS.filter((link) => link.path !== PHOTO_PATH);

  const signOut = async () => {
    const isConfirmed = await confirmAction({ name: t.personCenter.logout, content: t.personCenter.logoutConfirm });
    if (!isConfirmed) return;
    // Revoking on the server is best effort: the user is signed out here whatever the network says.
    await logout(readRefreshToken()).catch(() => undefined);
    clearSession();
    navigate('/login', { replace: true });
    queryClient.clear();
  };

  return (
    <div className="person-center">
      <section className="person-card">
        <button
          type="button"
          className="person-avatar-button"
          aria-label={t.personCenter.avatarPreview}
          onClick={() => ImageViewer.show({ image: avatarUrl })}
        >
          <Avatar
            src={avatarUrl}
            fallback={<img src={DEFAULT_AVATAR_URL} alt="" />}
            className="person-avatar"
            alt={t.personCenter.avatar}
          />
        </button>
        <div className="person-info">
          <p className="person-name">{profile.userName}</p>
          <p className="person-meta">{t.personCenter.employeeNo(profile.userAccount)}</p>
          <p className="person-meta">{[plant, profile.deptName, profile.titleName].filter(Boolean).join(' · ')}</p>
        </div>
      </section>
      <List className="person-links">
        {links.map((link) => (
          <LinkRow key={link.path} to={link.path} prefix={link.icon}>
            {link.title}
          </LinkRow>
        ))}
      </List>
      <List className="person-links">
        <ButtonRow prefix={<CloseCircleOutline />} onClick={() => void signOut()} hasArrow={false} hasPopup="dialog">
          <span className="person-logout">{t.personCenter.logout}</span>
        </ButtonRow>
      </List>
    </div>
  );
};

export default PersonCenterPage;
