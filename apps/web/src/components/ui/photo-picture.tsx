/** Where one JPEG size of a stored photo is served (decision 012): the fallback of a browser without WebP. */
export const photoJpegUrl = (photoId: string, size: 'sm' | 'md' | 'lg') => `/api/photos/${encodeURIComponent(photoId)}/${size}`;

interface PhotoPictureProps {
  /** The WebP widths (`photoSrcSet`). */
  srcSet: string;
  fallbackUrl: string;
  alt: string;
  sizes: string;
  width: number;
  height: number;
  loading?: 'lazy' | 'eager';
  className?: string | undefined;
}

/**
 * The `<picture>` of `Photo` (photo.tsx, decision 073) alone: what a photo that never waits on
 * Save-Data draws (the directory cards' thumbnails), without the tap-to-load code (decision 070).
 */
export function PhotoPicture({ srcSet, fallbackUrl, alt, sizes, width, height, loading = 'lazy', className }: PhotoPictureProps) {
  return (
    <picture>
      <source type="image/webp" srcSet={srcSet} sizes={sizes} />
      <img src={fallbackUrl} alt={alt} width={width} height={height} loading={loading} decoding="async" className={className} />
    </picture>
  );
}
