// The rotating pictures (Home/GetBannerList): autoplay every 3 s, looping.
import { ErrorBlock, Skeleton, Swiper } from 'antd-mobile';
import { t } from '../../../i18n/zh-CN';
import { useBannerList } from '../api/get-banner-list';

export const AUTOPLAY_INTERVAL_MS = 3000;

export const PictureSwiper = () => {
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
      <Swiper autoplay autoplayInterval={AUTOPLAY_INTERVAL_MS} loop>
        {banners.data.map((banner) => (
          <Swiper.Item key={banner.id}>
            <img className="picture-swiper-image" src={banner.imageUrl} alt={banner.title} draggable={false} />
          </Swiper.Item>
        ))}
      </Swiper>
    </section>
  );
};
