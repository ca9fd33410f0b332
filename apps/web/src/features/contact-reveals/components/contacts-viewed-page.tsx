import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TContactReveal } from '@makazi/contracts/trust';
import { PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import { isDeadEndReason } from '@makazi/contracts/trust-values';
import { ContactActions } from '../../../components/contact-actions';
import { ErrorNotice } from '../../../components/error-notice';
import { ListingPrice } from '../../../components/listing-price';
import { FALLBACK_IMAGE_SRC } from '../../../components/responsive-image';
import { useSession } from '../../../lib/session';
import { useReportText } from '../../../lib/use-report-text';
import { useTranslation } from '../../../lib/use-translation';
import { useContactReveals } from '../api/contact-reveals';
import '../../../components/listing-row-card.css';
import './contacts-viewed.css';

// Loaded when 'It was a dead end' is first pressed; the listing page shares the chunk.
const ReportDialog = lazy(() => import('../../../components/report-dialog'));

type TRevealedListing = TContactReveal['property'];

/**
 * Whether 'It was a dead end' is offered: within the claim window, not claimed yet, and not
 * reported for another reason (the API would refuse to turn that report into a claim).
 */
export function canClaim(reveal: TContactReveal, now: number): boolean {
  const { claimableUntil, report } = reveal;
  if (claimableUntil === null || !(Date.parse(claimableUntil) > now)) return false;
  if (report === null) return true;
  return report.claim === null && isDeadEndReason(report.reason);
}

/**
 * The owner the subscriber paid to see, with Call and Chat, while the API still shows them (a
 * running subscription, a listing still public); otherwise why the number is hidden. Seeing it
 * here is no new reveal: the API records nothing for this list.
 */
function RevealedOwner({
  reveal,
  title,
  titleId,
}: {
  reveal: TContactReveal;
  title: string;
  titleId: string;
}) {
  const { t } = useTranslation('trust');
  const { t: tDetail } = useTranslation('detail');
  const { contact, contactWithheld } = reveal;
  if (contact) {
    return (
      <div className="contact-card" data-testid="reveal-contact">
        <p>
          <span className="text-secondary">{tDetail('contacts.owner')}: </span>
          <strong>{contact.ownerName}</strong>
        </p>
        <ContactActions phone={contact.phoneNumber} title={title} describedBy={titleId} />
      </div>
    );
  }
  if (contactWithheld === null) return null;
  return (
    <p className="reveal-card__withheld" data-testid="reveal-contact-withheld">
      {t(`reveals.contactWithheld.${contactWithheld}`)}
      {contactWithheld === 'subscription_ended' ? (
        <>
          {' '}
          <Link to="/subscribe" state={{ from: '/contacts-viewed' }}>
            {t('reveals.subscribe')}
          </Link>
        </>
      ) : null}
    </p>
  );
}

interface RevealItemProps {
  reveal: TContactReveal;
  now: number;
  onClaim: (property: TRevealedListing) => void;
}

function RevealItem({ reveal, now, onClaim }: RevealItemProps) {
  const { t, i18n } = useTranslation('trust');
  const text = useReportText();
  const titleId = useId();
  const { property, report } = reveal;
  const title = property.title.trim() || t('reveals.noTitle');
  const format = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  return (
    <article
      className="listing-row-card"
      aria-labelledby={titleId}
      data-testid="reveal-card"
      data-id={property.id}
    >
      <img
        className="listing-row-card__photo"
        src={property.coverUrl ?? FALLBACK_IMAGE_SRC}
        alt={t('reveals.photoAlt', { title })}
        width={320}
        height={240}
        loading="lazy"
        decoding="async"
      />
      <div className="listing-row-card__body">
        <h2 id={titleId} className="listing-row-card__title">
          <Link to={`/${PROPERTY_TYPE_SLUGS[property.type]}/${property.id}`}>{title}</Link>
        </h2>
        <ListingPrice
          price={property.price}
          type={property.type}
          className="listing-row-card__price"
        />
        <p>
          <span
            className={`listing-row-card__state listing-row-card__state--${property.availability === 'unavailable' ? 'gone' : property.availability}`}
            data-testid="reveal-availability"
          >
            {t(`reveals.availability.${property.availability}`)}
          </span>
        </p>
        <p className="text-secondary">
          {t('reveals.viewedAt', { date: format(reveal.revealedAt) })}
        </p>
        <RevealedOwner reveal={reveal} title={title} titleId={titleId} />
        {report ? (
          <div className="reveal-card__report" data-testid="reveal-report">
            <p>
              {t('reveals.reported', { reason: text.reason(report.reason) })}{' '}
              {report.claim ? null : t(`reveals.reportStatus.${report.status}`)}
            </p>
            {report.claim ? <p className="reveal-card__claim">{text.claim(report.claim)}</p> : null}
          </div>
        ) : null}
        {reveal.claimableUntil !== null && canClaim(reveal, now) ? (
          <div className="reveal-card__claim-action">
            <p className="text-secondary">
              {t('reveals.claimUntil', { time: format(reveal.claimableUntil) })}
            </p>
            <button
              type="button"
              className="btn btn--contained"
              aria-describedby={titleId}
              onClick={() => onClaim(property)}
            >
              {t('reveals.deadEnd')}
            </button>
          </div>
        ) : null}
      </div>
    </article>
  );
}

function RevealsList({ sub }: { sub: string }) {
  const { t } = useTranslation('trust');
  const { t: tCommon } = useTranslation();
  const reveals = useContactReveals(sub);
  // One clock for the list: every row judges its claim window at the same moment.
  const [now] = useState(Date.now);
  const [claimed, setClaimed] = useState<TRevealedListing | null>(null);
  const [open, setOpen] = useState(false);

  let body: ReactNode;
  if (reveals.isPending) {
    body = (
      <p role="status" className="text-secondary">
        {tCommon('loading')}
      </p>
    );
  } else if (reveals.isError) {
    body = <ErrorNotice error={reveals.error} onRetry={() => void reveals.refetch()} />;
  } else if (reveals.data.length === 0) {
    body = (
      <div className="reveals-empty">
        <p>{t('reveals.empty')}</p>
        <Link to="/home" className="btn btn--contained">
          {t('reveals.browse')}
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className="reveals-list">
        {reveals.data.map((reveal) => (
          <li key={reveal.property.id}>
            <RevealItem
              reveal={reveal}
              now={now}
              onClaim={(property) => {
                setClaimed(property);
                setOpen(true);
              }}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      {body}
      {claimed ? (
        <Suspense fallback={null}>
          <ReportDialog
            open={open}
            onClose={() => setOpen(false)}
            property={{ id: claimed.id, title: claimed.title }}
            kind="deadEnd"
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * 'Contacts you viewed' (/contacts-viewed, signed in): the listings whose owner's number the user
 * was shown, with where each stands now, the owner's name and phone while they may still see
 * them, their report of it and, while the claim window is open, 'It was a dead end', which files
 * a dead-end claim through the shared report dialog.
 */
export function ContactsViewedPage() {
  const { t, ready } = useTranslation('trust');
  const { t: tCommon } = useTranslation();
  const session = useSession();

  return (
    <section className="reveals-page" aria-labelledby="reveals-heading">
      {ready ? (
        <>
          <title>{`${t('reveals.title')} · ${tCommon('appName')}`}</title>
          <h1 id="reveals-heading">{t('reveals.title')}</h1>
          <p className="reveals-page__intro text-secondary">{t('reveals.intro')}</p>
        </>
      ) : null}
      {ready && session ? (
        // A new user on a shared phone starts with their own page state.
        <RevealsList key={session.sub} sub={session.sub} />
      ) : (
        <p role="status" className="text-secondary">
          {tCommon('loading')}
        </p>
      )}
    </section>
  );
}
