// The banner as a worker's phone shows it: a 375 px wide screen of the app's home (its top bar, the welcome card,
// the carousel with this picture, the tiles below), drawn with the app's own picture component, so the crop HR sees
// is the one the phone makes.
import { Typography } from 'antd';
import { BannerPicture, type BannerPictureSource } from '../../../components/banner-picture';
import { ct } from '../../texts';
import './banners-page.css';

const b = ct.banners;
/** The menu tiles below the carousel, as grey blocks. */
const TILES = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8'];

export const PhonePreview = ({ banner, linkTarget }: { banner?: BannerPictureSource; linkTarget?: string }) => (
  <figure className="banner-phone">
    <figcaption>
      <Typography.Text strong>{b.preview}</Typography.Text>
    </figcaption>
    <div className="banner-phone-screen">
      <div className="banner-phone-bar" aria-hidden>
        {b.previewHome}
      </div>
      <div className="banner-phone-body">
        <div className="banner-phone-welcome" aria-hidden />
        <div className="banner-phone-swiper">
          {banner ? <BannerPicture banner={banner} /> : <div className="banner-phone-empty">{b.previewEmpty}</div>}
          <div className="banner-phone-dots" aria-hidden>
            <span className="is-active" />
            <span />
            <span />
          </div>
        </div>
        <div className="banner-phone-tiles" aria-hidden>
          {TILES.map((tile) => (
            <span key={tile} />
          ))}
        </div>
      </div>
    </div>
    {linkTarget && (
      <Typography.Text type="secondary" className="banner-phone-link">
        {b.previewLink(linkTarget)}
      </Typography.Text>
    )}
  </figure>
);
