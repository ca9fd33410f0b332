import { useState, type CSSProperties } from 'react';
import type { TPhoto } from '@makazi/contracts/properties';
import fallbackSrc from '../assets/property-fallback.svg';
import { useDataSaver } from '../lib/use-data-saver';

export const FALLBACK_IMAGE_SRC = fallbackSrc;
const FALLBACK_WIDTH = 400;
const FALLBACK_HEIGHT = 300;

export interface ResponsiveImageProps {
  photo: TPhoto | null | undefined;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Above the fold (the detail page's main photo): load at once and ahead of other images. */
  priority?: boolean;
  style?: CSSProperties;
}

const baseStyle: CSSProperties = {
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  backgroundColor: '#EEE8D5',
};

/** The narrowest variant (variants are narrowest first, but a stored order is not a promise). */
export function smallestVariant(photo: TPhoto): TPhoto['variants'][number] | undefined {
  return photo.variants.reduce<TPhoto['variants'][number] | undefined>(
    (smallest, variant) => (!smallest || variant.width < smallest.width ? variant : smallest),
    undefined,
  );
}

/**
 * One <img> with a WebP srcset from the photo's variants. Width and height are always set so the
 * browser reserves the box before the bytes arrive; a missing or broken photo shows the fallback.
 * With data saver (decision 044) the smallest variant only, without a srcset: a phone at DPR 2
 * would otherwise pick a variant of twice the card's width, four times the bytes.
 */
export function ResponsiveImage({
  photo,
  alt,
  sizes,
  priority = false,
  style,
}: ResponsiveImageProps) {
  const [broken, setBroken] = useState(false);
  const dataSaver = useDataSaver().on;
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : 'auto';

  if (!photo || broken) {
    return (
      <img
        src={FALLBACK_IMAGE_SRC}
        alt={alt}
        width={FALLBACK_WIDTH}
        height={FALLBACK_HEIGHT}
        loading={loading}
        decoding="async"
        style={{ ...baseStyle, ...style }}
        data-fallback="true"
      />
    );
  }

  const smallest = dataSaver ? smallestVariant(photo) : undefined;
  const srcSet = smallest
    ? ''
    : photo.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
  return (
    <img
      src={smallest?.url ?? photo.url}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={smallest?.width ?? photo.width}
      height={smallest?.height ?? photo.height}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding={priority ? 'auto' : 'async'}
      onError={() => setBroken(true)}
      style={{ ...baseStyle, ...style }}
    />
  );
}
