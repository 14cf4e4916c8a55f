// A banner's picture as the home carousel draws it, in the app and in the console's phone preview: a <picture> whose
// WebP source is taken by the browsers that read WebP (Android WebViews, WeChat's, iOS 14+) and whose JPEG by the
// rest (iOS 12–13 Safari), each a fixed address cached for a year; in a 2:1 box it fills, cropped at the edges.
// The box is kept by padding, not `aspect-ratio`, which Chrome before 88 and iOS before 15 do not know.
import './banner-picture.css';

export type BannerPictureSource = {
  title: string;
  imageUrl: string;
  imageWebpUrl: string;
  width: number;
  height: number;
};

export const BannerPicture = ({ banner }: { banner: BannerPictureSource }) => (
  <span className="banner-picture">
    <picture>
      <source type="image/webp" srcSet={banner.imageWebpUrl} />
      <img src={banner.imageUrl} alt={banner.title} width={banner.width} height={banner.height} draggable={false} />
    </picture>
  </span>
);

let webpProbe: Promise<boolean> | undefined;
/** Whether this browser decodes WebP, as the <picture> above will decide (a 1×1 WebP, decoded once). */
export const canDecodeWebp = () => {
  webpProbe ??= new Promise<boolean>((resolve) => {
    const probe = new Image();
    probe.onload = () => resolve(probe.width === 1);
    probe.onerror = () => resolve(false);
    probe.src = 'data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA';
  });
  return webpProbe;
};
