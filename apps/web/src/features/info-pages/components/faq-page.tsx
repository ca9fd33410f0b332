import { useTranslation } from '../../../lib/use-translation';
import { OTP_TTL_SECONDS } from '@makazi/contracts/auth-values';
import { InfoPage, InfoSection } from './info-page';

type TQuestion =
  | 'arrange'
  | 'viewingFee'
  | 'subscription'
  | 'buyAgain'
  | 'renew'
  | 'notShowing'
  | 'promotion'
  | 'pay'
  | 'paymentFailed'
  | 'refund'
  | 'avoidScams'
  | 'report'
  | 'noCode'
  | 'deleteAccount';

const GROUPS: {
  id: 'viewings' | 'subscriptions' | 'promotions' | 'payments' | 'scams' | 'account';
  questions: TQuestion[];
}[] = [
  { id: 'viewings', questions: ['arrange', 'viewingFee'] },
  { id: 'subscriptions', questions: ['subscription', 'buyAgain', 'renew'] },
  { id: 'promotions', questions: ['notShowing', 'promotion'] },
  { id: 'payments', questions: ['pay', 'paymentFailed', 'refund'] },
  { id: 'scams', questions: ['avoidScams', 'report'] },
  { id: 'account', questions: ['noCode', 'deleteAccount'] },
];

/**
 * /faq: a heading per subject, each question a native disclosure (<details>), which keyboards
 * and screen readers know how to open without any script.
 */
export function FaqPage() {
  const { t } = useTranslation('info');
  return (
    <InfoPage title={t('faq.title')} intro={t('faq.intro')}>
      {GROUPS.map((group) => (
        <InfoSection key={group.id} id={group.id} title={t(`faq.groups.${group.id}`)}>
          {group.questions.map((question) => (
            <details key={question} className="info-page__faq">
              <summary>{t(`faq.questions.${question}.question`)}</summary>
              <p>{t(`faq.questions.${question}.answer`, { minutes: OTP_TTL_SECONDS / 60 })}</p>
            </details>
          ))}
        </InfoSection>
      ))}
    </InfoPage>
  );
}
