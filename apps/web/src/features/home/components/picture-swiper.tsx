// The rotating pictures (Home/GetBannerList: the banners HR published for the worker's plant, live today, in HR's
// order): autoplay every 3 s, looping. A banner with a link is a link: a page of the app opens in the app, an https
// address in the same window (WeChat's and the WebViews' way; a new window is often refused there).

import { isAppLink } from '@ess/contract/banner-links';
import type { Banner } from '@ess/contract/home';
import { ErrorBlock, Skeleton, Swiper } from 'antd-mobile';
import { Link } from 'react-router-dom';
import { BannerPicture } from '../../../components/banner-picture';
import { t } from '../../../i18n/zh-CN';
import { useBannerList } from '../api/get-banner-list';

export const AUTOPLAY_INTERVAL_MS = 3000;

const Slide = ({ banner }: { banner: Banner }) => {
  const picture = <BannerPicture banner={banner} />;
  if (!banner.link) return picture;
  if (isAppLink(banner.link)) {
    return (
      <Link className="picture-swiper-link" to={banner.link}>
        {picture}
      </Link>
    );
  }
  return (
    <a className="picture-swiper-link" href={banner.link} rel="noopener noreferrer">
      {picture}
    </a>
  );
};

/** `isStill`: 长辈版 — the pictures move only when swiped (a carousel that moves by itself loses a slow reader). */
export const PictureSwiper = ({ isStill = false }: { isStill?: boolean }) => {
  const banners = useBannerList();
  if (banners.isPending) return <Skeleton animated className="picture-swiper-skeleton" />;
  if (banners.isError) {
    return (
      <div className="picture-swiper-state">
        <ErrorBlock status="default" title={t.common.loadFailed} description={null}>
          <button type="button" className="text-button" onClick={() => void banners.refetch()}>
            {t.common.retry}
          </button>
        </ErrorBlock>
      </div>
    );
  }
  if (banners.data.length === 0) return null;
  return (
    <section className="picture-swiper" aria-label={t.home.banners}>
      <Swiper
        autoplay={!isStill && banners.data.length > 1}
        autoplayInterval={AUTOPLAY_INTERVAL_MS}
        loop={banners.data.length > 1}
      >
        {banners.data.map((banner) => (
          <Swiper.Item key={banner.id}>
            <Slide banner={banner} />
          </Swiper.Item>
        ))}
      </Swiper>
    </section>
  );
};
