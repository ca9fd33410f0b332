import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_MIN,
  SUPPORT_NAME_MAX,
  SUPPORT_TOPICS,
} from '@makazi/contracts/support-values';
import {
  OutlinedSelectField,
  OutlinedTextAreaField,
  OutlinedTextField,
} from '../../../components/field';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useSendSupportMessage } from '../api/send-message';
import {
  CONTACT_FIELDS,
  problemsFromApi,
  toMessageBody,
  validateContact,
  type ContactProblems,
  type ContactValues,
  type TContactField,
  type TContactProblem,
} from '../utils/contact-form';

/** The limit each problem's message names. */
const LIMITS = { min: SUPPORT_MESSAGE_MIN, nameMax: SUPPORT_NAME_MAX, max: SUPPORT_MESSAGE_MAX };

interface FieldSlotProps {
  problem: TContactProblem | undefined;
  /** Read with the field: a hint (what to type) and the problem, when there is one. */
  hint?: string;
  children: (described: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** A field with its hint and its problem under it, both read out with the field. */
function FieldSlot({ problem, hint, children }: FieldSlotProps) {
  const { t } = useTranslation('support');
  const hintId = useId();
  const problemId = useId();
  const described = [hint ? hintId : null, problem ? problemId : null].filter(Boolean).join(' ');
  return (
    <div className="contact-form__field">
      {children({
        ...(problem ? { 'aria-invalid': true } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint ? (
        <p id={hintId} className="contact-form__hint text-secondary">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={problemId} className="contact-form__problem">
          {t(`form.errors.${problem}`, {
            min: LIMITS.min,
            max: problem === 'nameTooLong' ? LIMITS.nameMax : LIMITS.max,
          })}
        </p>
      ) : null}
    </div>
  );
}

/** Why the message could not be sent, in the reader's language; field problems aside. */
function useFailureText() {
  const { t } = useTranslation('support');
  const { t: common } = useTranslation();
  return (error: unknown): string => {
    if (!isApiError(error)) return common('errors.generic');
    if (error.code === 'RATE_LIMITED') {
      const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
      return t('form.errors.rateLimited', { count: minutes });
    }
    if (error.code === 'VALIDATION_FAILED') return t('form.errors.summary');
    if (error.status === 401) return common('session.ended');
    if (error.code === 'NETWORK') return common('errors.NETWORK');
    if (error.code === 'TIMEOUT') return common('errors.TIMEOUT');
    return common('errors.generic');
  };
}

const EMPTY: ContactValues = { name: '', phone: '', email: '', topic: '', message: '' };

/**
 * The contact form of /support (and the footer's Feedback): the message reaches the admins'
 * support inbox. A visitor gives a phone or an email to be answered on; a signed-in sender is
 * known by their account, so both are optional for them.
 */
export function ContactForm() {
  const { t } = useTranslation('support');
  const failureText = useFailureText();
  const session = useSession();
  const signedIn = session !== null;
  const [values, setValues] = useState<ContactValues>({ ...EMPTY, name: session?.user ?? '' });
  // Messages appear after the first attempt to send, then follow the typing.
  const [attempted, setAttempted] = useState(false);
  // What the API refused, until that field is changed.
  const [refused, setRefused] = useState<ContactProblems>({});
  const mutation = useSendSupportMessage();
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLDivElement>(null);

  const problems: ContactProblems = {
    ...refused,
    ...(attempted ? validateContact(values, signedIn) : {}),
  };

  useEffect(() => {
    if (mutation.isSuccess) thanks.current?.focus();
  }, [mutation.isSuccess]);

  const focusFirst = (found: ContactProblems) => {
    const first = CONTACT_FIELDS.find((field) => found[field]);
    const element = first ? form.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  const change = (field: TContactField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setRefused(({ [field]: _changed, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const found = validateContact(values, signedIn);
    if (Object.keys(found).length > 0 || values.topic === '') {
      focusFirst(found);
      return;
    }
    mutation.mutate(
      { body: toMessageBody({ ...values, topic: values.topic }), signedIn },
      {
        onError: (error) => {
          if (isApiError(error) && error.code === 'VALIDATION_FAILED') {
            const fromApi = problemsFromApi(error.details.map((detail) => detail.field));
            setRefused(fromApi);
            focusFirst(fromApi);
          }
        },
      },
    );
  };

  const sendAnother = () => {
    mutation.reset();
    setAttempted(false);
    setValues((current) => ({ ...current, topic: '', message: '' }));
  };

  if (mutation.isSuccess) {
    return (
      <div ref={thanks} tabIndex={-1} className="contact-form__sent">
        <p role="status">{t('form.sent')}</p>
        <button type="button" className="btn" onClick={sendAnother}>
          {t('form.sendAnother')}
        </button>
      </div>
    );
  }

  const optional = (label: string) => (signedIn ? `${label} ${t('form.optional')}` : label);

  return (
    <form ref={form} className="contact-form" noValidate onSubmit={submit}>
      <p className="text-secondary">{signedIn ? t('form.signedIn') : t('form.contactHint')}</p>
      <FieldSlot problem={problems.name}>
        {(described) => (
          <OutlinedTextField
            label={t('form.name')}
            name="name"
            value={values.name}
            autoComplete="name"
            required
            onChange={(event) => change('name')(event.target.value)}
            {...described}
          />
        )}
      </FieldSlot>
      <FieldSlot problem={problems.phone}>
        {(described) => (
          <OutlinedTextField
            label={optional(t('form.phone'))}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={values.phone}
            maxLength={20}
            onChange={(event) => change('phone')(event.target.value)}
            {...described}
          />
        )}
      </FieldSlot>
      <FieldSlot problem={problems.email}>
        {(described) => (
          <OutlinedTextField
            label={optional(t('form.email'))}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={values.email}
            maxLength={254}
            onChange={(event) => change('email')(event.target.value)}
            {...described}
          />
        )}
      </FieldSlot>
      <FieldSlot problem={problems.topic}>
        {(described) => (
          <OutlinedSelectField
            label={t('form.topic')}
            name="topic"
            value={values.topic}
            required
            onChange={(event) => change('topic')(event.target.value)}
            {...described}
          >
            <option value="" disabled>
              {t('form.chooseTopic')}
            </option>
            {SUPPORT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(`form.topics.${topic}`)}
              </option>
            ))}
          </OutlinedSelectField>
        )}
      </FieldSlot>
      <FieldSlot
        problem={problems.message}
        hint={t('form.messageHint', { min: SUPPORT_MESSAGE_MIN })}
      >
        {(described) => (
          <OutlinedTextAreaField
            label={t('form.message')}
            name="message"
            value={values.message}
            rows={6}
            required
            onChange={(event) => change('message')(event.target.value)}
            {...described}
          />
        )}
      </FieldSlot>
      {mutation.isError ? (
        <p role="alert" className="contact-form__alert">
          {failureText(mutation.error)}
        </p>
      ) : null}
      <div className="contact-form__actions">
        <button type="submit" className="btn btn--contained" disabled={mutation.isPending}>
          {t('form.send')}
        </button>
        {mutation.isPending ? (
          <span role="status" className="text-secondary">
            {t('form.sending')}
          </span>
        ) : null}
      </div>
    </form>
  );
}
