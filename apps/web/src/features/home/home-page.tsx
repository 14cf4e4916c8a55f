// /home: welcome, pictures, menu tiles; then the forced handbook, the one-time 长辈版 offer and the unread messages, in
// that order.
import { Suspense } from 'react';
import { LoadBoundary } from '../../components/load-boundary';
import { retryableLazy } from '../../lib/code-load';
import { REVIEW_LIST_PATH } from '../../lib/console-links';
import { useSignedInUser } from '../../lib/current-user';
import { usePendingReviewCount } from '../../lib/pending-review-count';
import { usePersonMsg } from './api/get-person-msg';
import { MenuTiles } from './components/menu-tiles';
import { PictureSwiper } from './components/picture-swiper';
import { WelcomeBanner } from './components/welcome-banner';
import './home-page.css';

// pdf.js loads only for employees who still have to confirm the handbook; the dialog (antd-mobile's Dialog
// and its animations) only when there are unread messages: most visits have neither.
const HandbookGate = retryableLazy(() => import('./components/handbook-gate'));
const UnreadMessagesDialog = retryableLazy(() => import('./components/unread-messages-dialog'));
const LargeTextOffer = retryableLazy(() => import('./components/large-text-offer'));

const HomePage = () => {
  const { profile, menus, menuPaths } = useSignedInUser();
  // Reviewers only: nobody else asks for the count.
  const pendingReviews = usePendingReviewCount(menuPaths);
  const hasReadHandbook = profile.appReadStatus === 'Y';
  // 长辈版 is offered once, between the handbook and the messages (a worker who reads with difficulty reads them big).
  const isLargeTextOffered = hasReadHandbook && profile.largeText === null;
  const unread = usePersonMsg({ isEnabled: hasReadHandbook });
  return (
    <div className="home-page">
      <WelcomeBanner profile={profile} />
      <PictureSwiper isStill={profile.largeText === true} />
      <MenuTiles
        menus={menus}
        badges={{ [REVIEW_LIST_PATH]: pendingReviews.data ?? 0 }}
        isLargeText={profile.largeText === true}
      />
      {!hasReadHandbook && (
        <LoadBoundary>
          <Suspense fallback={null}>
            <HandbookGate key={profile.handbook?.id ?? 0} version={profile.handbook} />
          </Suspense>
        </LoadBoundary>
      )}
      {isLargeTextOffered && (
        <LoadBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <LargeTextOffer />
          </Suspense>
        </LoadBoundary>
      )}
      {hasReadHandbook && !isLargeTextOffered && unread.data && unread.data.length > 0 && (
        <LoadBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <UnreadMessagesDialog messages={unread.data} />
          </Suspense>
        </LoadBoundary>
      )}
    </div>
  );
};

export default HomePage;
