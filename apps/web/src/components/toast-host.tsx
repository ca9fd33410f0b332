import { lazy, Suspense, useEffect, useState } from 'react';
import {
  loadToastModule,
  markToastContainerGone,
  markToastContainerReady,
  onToastRequested,
} from '../lib/toast';

const HEADER_CLEARANCE = 'calc(56px + 0.5rem)';

const ToastContainer = lazy(async () => {
  const { ToastContainer: Container } = await loadToastModule();
  function ReadyContainer() {
    useEffect(() => {
      markToastContainerReady();
      return markToastContainerGone;
    }, []);
    // Top-right, closes after 5 s, can be dragged away, pauses while hovered. It sits
    // below the 56 px sticky header, so a toast never hides the account menu or SIGN IN.
    return (
      <Container
        position="top-right"
        autoClose={5000}
        draggable
        pauseOnHover
        style={{ top: HEADER_CLEARANCE }}
      />
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
