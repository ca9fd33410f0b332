import { useEffect, useEffectEvent, useRef, type KeyboardEvent, type MouseEvent } from 'react';

export interface UseModalDialogOptions {
  /** Whether the dialog should be showing. */
  open: boolean;
  /**
   * The owner's close. Called when the browser closes the dialog itself (Escape), on Escape where
   * there is no modal dialog, and on a backdrop press if `backdrop` is set.
   */
  onDismiss: () => void;
  /**
   * Closing on a backdrop press: 'click' closes on any click on the <dialog> element itself;
   * 'press' only when the press also started there, so selecting text in a field and releasing
   * outside the panel does not close. Without it, the backdrop does nothing.
   */
  backdrop?: 'click' | 'press';
  /** Runs once the dialog is showing (to move the focus in, say). */
  onShow?: () => void;
  /**
   * Runs once the dialog has closed (or unmounts while open), with the element that had the focus
   * when it opened. Without it, the browser's own focus return applies.
   */
  onHide?: (opener: HTMLElement | null) => void;
}

/** Gives the focus back to `element` if it is still on the page. */
export function refocus(element: HTMLElement | null) {
  if (element?.isConnected) element.focus();
}

/**
 * A native <dialog> driven by state: `showModal()` while `open` (old WebViews without it get the
 * `open` attribute, a visible non-modal dialog), `close()` when it turns false. Spread `dialogProps`
 * on the <dialog>: they keep the owner's state in step when the browser closes the dialog (Escape),
 * cover Escape in the non-modal fallback and close on a backdrop press.
 */
export function useModalDialog({
  open,
  onDismiss,
  backdrop,
  onShow,
  onHide,
}: UseModalDialogOptions) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  const shown = useEffectEvent(() => onShow?.());
  const hidden = useEffectEvent((opener: HTMLElement | null) => onHide?.(opener));

  useEffect(() => {
    const node = ref.current;
    if (!node || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!node.open) {
      if (typeof node.showModal === 'function') node.showModal();
      else node.setAttribute('open', '');
    }
    shown();
    return () => {
      if (node.open) {
        if (typeof node.close === 'function') node.close();
        else node.removeAttribute('open');
      }
      hidden(opener);
    };
  }, [open]);

  const dialogProps = {
    ref,
    onClose: () => onDismiss(),
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => {
      // Browsers close a modal dialog on Escape themselves; this covers the non-modal fallback.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onDismiss();
    },
    // A click on the backdrop lands on the <dialog> itself; clicks inside land on the panel.
    onPointerDown: (event: MouseEvent<HTMLDialogElement>) => {
      pressedOnBackdrop.current = event.target === event.currentTarget;
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      const started = backdrop === 'click' || pressedOnBackdrop.current;
      pressedOnBackdrop.current = false;
      if (backdrop && started && event.target === event.currentTarget) onDismiss();
    },
  };

  return { ref, dialogProps };
}
