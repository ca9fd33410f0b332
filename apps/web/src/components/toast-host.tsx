import { lazy, Suspense, useEffect, useState } from 'react';
import type { IconProps } from 'react-toastify';
import {
  loadToastModule,
  markToastContainerGone,
  markToastContainerReady,
  onToastRequested,
} from '../lib/toast';

const ToastContainer = lazy(async () => {
  const { ToastContainer: Container, Icons } = await loadToastModule();
  // react-toastify's type icons repeat what the message says: hidden from assistive technology,
  // which otherwise meets an image without a name (WCAG 1.1.1).
  const icon = ({ type, theme, isLoading }: IconProps) => {
    if (isLoading) return Icons.spinner();
    if (type === 'default') return null;
    // Called as the library calls its own icons: plain functions of their props.
    return Icons[type]({ type, theme, 'aria-hidden': true, focusable: false });
  };
  function ReadyContainer() {
    useEffect(() => {
      markToastContainerReady();
      return markToastContainerGone;
    }, []);
    // Closes after 5 s, can be dragged away, pauses while hovered. At the bottom (the full width
    // on a phone): a page's next controls sit at its top under the header (Back, Create Post),
    // where nothing can be scrolled out from under a toast; at the bottom anything can, as the
    // footer follows the page.
    return (
      <Container position="bottom-right" autoClose={5000} draggable pauseOnHover icon={icon} />
    );
  }
  return { default: ReadyContainer };
});

/** Mounts the toast container only after the first toast is requested. */
export function ToastHost() {
  const [requested, setRequested] = useState(false);
  useEffect(() => onToastRequested(() => setRequested(true)), []);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
