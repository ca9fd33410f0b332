import { lazy, Suspense, useState } from 'react';
import { PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import type { TProperty } from '@makazi/contracts/properties';
import { pageUrl } from '../../../components/page-meta';
import { ShareIcon, WhatsAppIcon } from '../../../components/icons';
import { formatTzs, shortPlace } from '../../../lib/format';
import { useSiteOrigin } from '../../../lib/site-origin';
import { showToast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';

// Only where a phone can neither share nor copy (an old WebView): most visitors never load it.
const ShareLinkDialog = lazy(() => import('./share-link-dialog'));

/**
 * The listing in one line of the page's language, for a message: '3-bedroom house for rent in
 * Mikocheni, Kinondoni, TZS 450,000 per month'.
 */
export function useShareSummary(property: TProperty): string {
  const { t } = useTranslation('detail');
  const { t: tCommon } = useTranslation();
  const kind =
    property.type === 'Land'
      ? t('share.kind.Land')
      : t(`share.kind.${property.type}`, { count: property.numberOfBedrooms });
  const place = shortPlace(property.propertyAddress);
  const what = place ? t('share.located', { kind, place }) : kind;
  const price = `${formatTzs(property.price)}${property.type === 'Rent' ? ` ${tCommon('price.perMonth')}` : ''}`;
  return t('share.summary', { what, price });
}

/** The listing's public address in the page's language: the canonical URL its page names. */
export function useListingUrl(property: TProperty): string {
  const { i18n } = useTranslation();
  const origin = useSiteOrigin();
  return pageUrl(
    origin,
    `/${PROPERTY_TYPE_SLUGS[property.type]}/${property.id}`,
    {},
    i18n.language === 'sw' ? 'sw' : 'en',
  );
}

function isAbort(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

/**
 * Sharing a listing: a WhatsApp link with its summary and address (most of Tanzania shares there),
 * and Share, which opens the phone's share sheet. Where there is none, Share copies the address
 * and says so; where the clipboard is closed too, it shows the address, selected, to copy by hand.
 */
export function ShareListing({ property }: { property: TProperty }) {
  const { t } = useTranslation('detail');
  const summary = useShareSummary(property);
  const url = useListingUrl(property);
  const title = property.title.trim() || t('fields.noTitle');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogRequested, setDialogRequested] = useState(false);

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: summary, url });
        return;
      } catch (error) {
        // The person closed the sheet: nothing to say. Anything else: copy the link instead.
        if (isAbort(error)) return;
      }
    }
    if (typeof navigator.clipboard?.writeText === 'function') {
      try {
        await navigator.clipboard.writeText(url);
        void showToast(t('share.copied'), 'success');
        return;
      } catch {
        // Refused (no permission, not a secure page): the dialog below.
      }
    }
    setDialogRequested(true);
    setDialogOpen(true);
  };

  return (
    <>
      <a
        className="btn detail-share__button"
        href={`https://wa.me/?text=${encodeURIComponent(`${summary} ${url}`)}`}
        target="_blank"
        rel="noopener"
      >
        <WhatsAppIcon />
        {t('share.whatsapp')}
      </a>
      <button type="button" className="btn detail-share__button" onClick={() => void share()}>
        <ShareIcon />
        {t('share.action')}
      </button>
      {dialogRequested ? (
        <Suspense fallback={null}>
          <ShareLinkDialog open={dialogOpen} url={url} onClose={() => setDialogOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
