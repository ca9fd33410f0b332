import { useEffect, useId, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../components/icons';
import { closeAuthModal, openAuthModal, useAuthModal } from '../../../lib/auth-modal';
import { returnPath } from '../utils/return-path';
import { LoginFlow } from './login-flow';
import { RegisterForm } from './register-form';
import './auth.css';

function focusFirstField(node: HTMLElement | null) {
  node?.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
}

/**
 * Spec 2's login / register popover: a native modal <dialog> (the browser keeps focus inside and
 * the page inert), driven by the auth-modal state of lib/auth-modal. It closes with its close
 * button, Escape or a click on the backdrop, and gives focus back to whatever opened it.
 */
export default function AuthDialog() {
  const { t } = useTranslation('auth');
  const { modal, phoneNumber } = useAuthModal();
  const location = useLocation();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  // A press that starts inside the panel and ends on the backdrop (selecting text) is not a close.
  const pressStartedOnBackdrop = useRef(false);
  const titleId = useId();
  const open = modal !== 'none';

  useEffect(() => {
    const node = dialog.current;
    if (!node || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!node.open) {
      // Old WebViews without showModal still get a visible (non-modal) dialog.
      if (typeof node.showModal === 'function') node.showModal();
      else node.setAttribute('open', '');
    }
    return () => {
      if (node.open) {
        if (typeof node.close === 'function') node.close();
        else node.removeAttribute('open');
      }
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  // The first field, not the close button, takes focus: on opening and on switching forms.
  useEffect(() => {
    if (modal !== 'none') focusFirstField(dialog.current);
  }, [modal]);

  function signedIn() {
    // The popover opens over the page the visitor is on: they stay there, unless a guard said
    // where they were going.
    const target = returnPath(location.state);
    closeAuthModal();
    if (target) void navigate(target, { replace: true });
  }

  return (
    <dialog
      ref={dialog}
      className="auth-dialog"
      aria-labelledby={open ? titleId : undefined}
      // Escape closes a modal <dialog> natively; keep the auth-modal state in step.
      onClose={closeAuthModal}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        closeAuthModal();
      }}
      // A click on the backdrop lands on the <dialog> itself; the panel fills all of the rest.
      onPointerDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && pressStartedOnBackdrop.current) {
          closeAuthModal();
        }
      }}
    >
      {open ? (
        <div className="auth-dialog__panel">
          <div className="auth-dialog__top">
            <h2 id={titleId} className="auth-dialog__title">
              {modal === 'login' ? t('login.title') : t('register.title')}
            </h2>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('dialog.close')}
              onClick={closeAuthModal}
            >
              <CloseIcon />
            </button>
          </div>
          {modal === 'login' ? (
            <LoginFlow
              key={`login:${phoneNumber ?? ''}`}
              mode="dialog"
              initialPhone={phoneNumber}
              onSignedIn={signedIn}
            />
          ) : (
            <RegisterForm
              key={`register:${phoneNumber ?? ''}`}
              mode="dialog"
              initialPhone={phoneNumber}
              onRegistered={(phone) => openAuthModal('login', phone)}
            />
          )}
        </div>
      ) : null}
    </dialog>
  );
}
