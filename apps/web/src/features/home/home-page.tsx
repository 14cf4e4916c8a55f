// /home: welcome, pictures, menu tiles; then the forced handbook and the unread messages, in that order.
import { lazy, Suspense } from 'react';
import { useSignedInUser } from '../../lib/current-user';
import { usePersonMsg } from './api/get-person-msg';
import { MenuTiles } from './components/menu-tiles';
import { PictureSwiper } from './components/picture-swiper';
import { UnreadMessagesDialog } from './components/unread-messages-dialog';
import { WelcomeBanner } from './components/welcome-banner';
import './home-page.css';

// pdf.js loads only for employees who still have to confirm the handbook.
const HandbookGate = lazy(() => import('./components/handbook-gate'));

const HomePage = () => {
  const { profile, menus } = useSignedInUser();
  const hasReadHandbook = profile.appReadStatus === 'Y';
  const unread = usePersonMsg({ isEnabled: hasReadHandbook });
  return (
    <div className="home-page">
      <WelcomeBanner profile={profile} />
      <PictureSwiper />
      <MenuTiles menus={menus} />
      {!hasReadHandbook && (
        <Suspense fallback={null}>
          <HandbookGate />
        </Suspense>
      )}
      {hasReadHandbook && unread.data && <UnreadMessagesDialog messages={unread.data} />}
    </div>
  );
};

export default HomePage;
