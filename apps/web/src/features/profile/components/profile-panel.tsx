import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { TUser } from '@makazi/contracts/users';
import { PERSON_NAME_MAX_LENGTH } from '@makazi/contracts/auth-values';
import { OutlinedTextField } from '../../../components/field';
import { SideSheet } from '../../../components/side-sheet';
import { isApiError } from '../../../lib/api-client';
import { openAuthModal } from '../../../lib/auth-modal';
import { useSession } from '../../../lib/session';
import { useSignOut } from '../../../lib/sign-out';
import { showToast } from '../../../lib/toast';
import { useDeleteUser, useUpdateUser, useUser } from '../../../lib/user';
import { validateName, type TNameError } from '../utils/validate-name';
import './profile-panel.css';

export interface ProfilePanelProps {
  id: string;
  open: boolean;
  onClose: () => void;
}

type TNameField = 'firstName' | 'lastName';

/** Why a request failed, in the reader's language. */
function useFailureText() {
  const { t } = useTranslation();
  return (error: unknown): string => {
    if (!isApiError(error)) return t('errors.generic');
    if (error.status === 401) return t('session.ended');
    if (error.status === 403) return t('profile.errors.forbidden');
    if (error.code === 'VALIDATION_FAILED') return t('profile.errors.invalid');
    if (error.code === 'NETWORK') return t('errors.NETWORK');
    if (error.code === 'TIMEOUT') return t('errors.TIMEOUT');
    return t('errors.generic');
  };
}

interface NameInputProps {
  field: TNameField;
  value: string;
  error: TNameError | null;
  onChange: (value: string) => void;
}

function NameInput({ field, value, error, onChange }: NameInputProps) {
  const { t } = useTranslation();
  const messageId = useId();
  return (
    <div className="profile-panel__field">
      <OutlinedTextField
        label={t(`profile.${field}`)}
        name={field}
        value={value}
        autoComplete={field === 'firstName' ? 'given-name' : 'family-name'}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={messageId} className="profile-panel__error">
          {t(`profile.errors.${error}`, { max: PERSON_NAME_MAX_LENGTH })}
        </p>
      ) : null}
    </div>
  );
}

function ProfileForm({ sub, user, onDone }: { sub: string; user: TUser; onDone: () => void }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [values, setValues] = useState({ firstName: user.firstName, lastName: user.lastName });
  // Messages appear after the first attempt to save, then follow the typing.
  const [attempted, setAttempted] = useState(false);
  const mutation = useUpdateUser(sub);
  const errors = {
    firstName: attempted ? validateName(values.firstName) : null,
    lastName: attempted ? validateName(values.lastName) : null,
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const invalid = (['firstName', 'lastName'] as const).find((field) =>
      validateName(values[field]),
    );
    if (invalid) {
      const input = event.currentTarget.elements.namedItem(invalid);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    mutation.mutate(
      { firstName: values.firstName.trim(), lastName: values.lastName.trim() },
      {
        onSuccess: () => {
          void showToast(t('profile.saved'), 'success');
          onDone();
        },
      },
    );
  };

  const change = (field: TNameField) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  return (
    <form className="profile-panel__form" noValidate onSubmit={submit}>
      <NameInput
        field="firstName"
        value={values.firstName}
        error={errors.firstName}
        onChange={change('firstName')}
      />
      <NameInput
        field="lastName"
        value={values.lastName}
        error={errors.lastName}
        onChange={change('lastName')}
      />
      <OutlinedTextField
        label={t('profile.phoneNumber')}
        value={user.phoneNumber}
        readOnly
        type="tel"
        className="profile-panel__readonly"
      />
      {mutation.isError ? (
        <p role="alert" className="profile-panel__alert">
          {failureText(mutation.error)}
        </p>
      ) : null}
      <div className="profile-panel__actions">
        <button type="submit" className="btn btn--contained" disabled={mutation.isPending}>
          {t('profile.save')}
        </button>
        {mutation.isPending ? (
          <span role="status" className="text-secondary">
            {t('profile.saving')}
          </span>
        ) : null}
      </div>
    </form>
  );
}

/**
 * Deleting the account, in two steps: the first button only opens the confirmation, which says
 * what happens (listings removed, subscription ended, cannot be undone) and holds the button that
 * deletes, away from where the first one was, so a double tap never deletes.
 */
function DeleteAccount({ sub, onDeleted }: { sub: string; onDeleted: () => void }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [confirming, setConfirming] = useState(false);
  const mutation = useDeleteUser(sub, onDeleted);
  const headingId = useId();
  const questionId = useId();
  const question = useRef<HTMLParagraphElement>(null);

  // A screen reader hears the question and what follows before reaching the buttons.
  useEffect(() => {
    if (confirming) question.current?.focus();
  }, [confirming]);

  return (
    <section className="profile-panel__delete" aria-labelledby={headingId}>
      <h3 id={headingId} className="profile-panel__delete-title">
        {t('profile.delete.title')}
      </h3>
      {confirming ? (
        <div role="group" aria-labelledby={questionId} className="profile-panel__confirm">
          <p id={questionId} ref={question} tabIndex={-1} className="profile-panel__question">
            {t('profile.delete.question')}
          </p>
          <ul className="profile-panel__consequences">
            <li>{t('profile.delete.listings')}</li>
            <li>{t('profile.delete.subscription')}</li>
            <li>{t('profile.delete.personal')}</li>
            <li>{t('profile.delete.signedOut')}</li>
          </ul>
          <p className="profile-panel__question">{t('profile.delete.final')}</p>
          {mutation.isError ? (
            <p role="alert" className="profile-panel__alert">
              {failureText(mutation.error)}
            </p>
          ) : null}
          <div className="profile-panel__actions profile-panel__actions--wrap">
            <button
              type="button"
              className="btn btn--danger"
              disabled={mutation.isPending}
              onClick={() => mutation.mutate()}
            >
              {t('profile.delete.confirm')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={mutation.isPending}
              onClick={() => {
                mutation.reset();
                setConfirming(false);
              }}
            >
              {t('profile.delete.cancel')}
            </button>
            {mutation.isPending ? (
              <span role="status" className="text-secondary">
                {t('profile.delete.deleting')}
              </span>
            ) : null}
          </div>
        </div>
      ) : (
        <>
          <p className="text-secondary">{t('profile.delete.intro')}</p>
          <div className="profile-panel__actions">
            <button
              type="button"
              className="btn btn--danger-outlined"
              onClick={() => setConfirming(true)}
            >
              {t('profile.delete.start')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

interface ProfileBodyProps {
  sub: string;
  onDone: () => void;
  onDeleted: () => void;
}

function ProfileBody({ sub, onDone, onDeleted }: ProfileBodyProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const user = useUser(sub);

  if (user.isPending) {
    return (
      <p role="status" className="text-secondary">
        {t('loading')}
      </p>
    );
  }
  if (user.isError) {
    return (
      <div role="alert" className="profile-panel__load-error">
        <p>{failureText(user.error)}</p>
        <button type="button" className="btn" onClick={() => void user.refetch()}>
          {t('errors.retry')}
        </button>
      </div>
    );
  }
  return (
    <>
      <ProfileForm sub={sub} user={user.data} onDone={onDone} />
      <p className="profile-panel__link">
        <Link to="/contacts-viewed" onClick={onDone}>
          {t('header.contactsViewed')}
        </Link>
        <span className="text-secondary">{t('profile.contactsViewedHint')}</span>
      </p>
      <DeleteAccount sub={sub} onDeleted={onDeleted} />
    </>
  );
}

/** Shown when the session ends while the panel is open (another tab, a refused refresh). */
function SessionEnded({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="profile-panel__ended">
      <p>{t('session.ended')}</p>
      <button
        type="button"
        className="btn btn--contained"
        onClick={() => {
          onDone();
          openAuthModal('login');
        }}
      >
        {t('profile.signIn')}
      </button>
    </div>
  );
}

/**
 * The profile side panel, a side sheet (the browser traps focus, closes it on Escape
 * and gives focus back to the avatar button), with the first and last name from GET
 * /api/users/{sub}, editable, the phone number read-only, and the account's deletion. The content
 * mounts only while the panel is open, so every opening starts from the saved name.
 */
export default function ProfilePanel(props: ProfilePanelProps) {
  const { open, onClose } = props;
  const { t } = useTranslation();
  const session = useSession();
  // Here rather than in the confirmation, which unmounts as the panel closes: signing out waits
  // for the page being left to go, and this panel stays mounted until the session ends.
  const signOut = useSignOut();
  const accountDeleted = () => {
    onClose();
    signOut({ toast: { message: t('profile.delete.done'), type: 'success' }, revoke: false });
  };
  return (
    <SideSheet
      {...props}
      title={t('header.profile')}
      closeLabel={t('profile.close')}
      // Selecting text in a field and releasing outside the panel must not throw away the typing.
      backdrop="press"
      className="profile-panel"
    >
      {open ? (
        session ? (
          <ProfileBody
            key={session.sub}
            sub={session.sub}
            onDone={onClose}
            onDeleted={accountDeleted}
          />
        ) : (
          <SessionEnded onDone={onClose} />
        )
      ) : null}
    </SideSheet>
  );
}
