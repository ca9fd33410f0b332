import { useEffect, useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { DialogTitleBar } from '../../../components/dialog-title-bar';
import { closeAuthModal, openAuthModal, useAuthModal } from '../../../lib/auth-modal';
import { useModalDialog } from '../../../lib/use-modal-dialog';
import { returnPath } from '../utils/return-path';
import { LoginFlow } from './login-flow';
import { RegisterForm } from './register-form';
import './auth.css';

function focusFirstField(node: HTMLElement | null) {
  node?.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
}

/**
 * Back to whatever opened the popover. Signing in replaces SIGN IN with the account menu, so the
 * opener is gone then: the page's main content takes the focus rather than the document body, where
 * a keyboard or screen reader user would lose their place.
 */
function returnFocus(opener: HTMLElement | null) {
  if (opener?.isConnected) opener.focus();
  else document.querySelector<HTMLElement>('main[tabindex]')?.focus();
}

/**
 * The login / register popover: a native modal <dialog> (the browser keeps focus inside and
 * the page inert), driven by the auth-modal state of lib/auth-modal. It closes with its close
 * button, Escape or a click on the backdrop, and gives focus back to whatever opened it.
 */
export default function AuthDialog() {
  const { t } = useTranslation('auth');
  const { modal, phoneNumber, sendCode } = useAuthModal();
  const location = useLocation();
  const navigate = useNavigate();
  const open = modal !== 'none';
  // A press that starts inside the panel and ends on the backdrop (selecting text) is not a close.
  const { ref: dialog, dialogProps } = useModalDialog({
    open,
    onDismiss: closeAuthModal,
    backdrop: 'press',
    onHide: returnFocus,
  });
  const titleId = useId();

  // The first field, not the close button, takes focus: on opening and on switching forms.
  useEffect(() => {
    if (modal !== 'none') focusFirstField(dialog.current);
  }, [modal, dialog]);

  function signedIn() {
    // The popover opens over the page the visitor is on: they stay there, unless a guard said
    // where they were going.
    const target = returnPath(location.state);
    closeAuthModal();
    if (target) void navigate(target, { replace: true });
  }

  return (
    <dialog
      {...dialogProps}
      className="dialog dialog--centred auth-dialog"
      aria-labelledby={open ? titleId : undefined}
    >
      {open ? (
        <div className="auth-dialog__panel">
          <DialogTitleBar
            titleId={titleId}
            title={modal === 'login' ? t('login.title') : t('register.title')}
            closeLabel={t('dialog.close')}
            onClose={closeAuthModal}
            className="auth-dialog__top"
          />
          {modal === 'login' ? (
            <LoginFlow
              key={`login:${phoneNumber ?? ''}`}
              mode="dialog"
              initialPhone={phoneNumber}
              sendCodeAtOnce={sendCode}
              onSignedIn={signedIn}
            />
          ) : (
            <RegisterForm
              key={`register:${phoneNumber ?? ''}`}
              mode="dialog"
              initialPhone={phoneNumber}
              onRegistered={(phone) => openAuthModal('login', phone, { sendCode: true })}
            />
          )}
        </div>
      ) : null}
    </dialog>
  );
}
