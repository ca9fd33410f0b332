import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export interface SnackbarMessage {
  text: string;
  severity: 'success' | 'error';
}

/** One confirmation at a time, bottom left: a new one replaces the last. */
export function useSnackbar() {
  const [message, setMessage] = useState<(SnackbarMessage & { key: number }) | null>(null);
  const show = (text: string, severity: SnackbarMessage['severity'] = 'success') =>
    setMessage({ text, severity, key: Date.now() });
  const element = (
    <Snackbar
      key={message?.key}
      open={message !== null}
      autoHideDuration={message?.severity === 'error' ? 8000 : 4000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') setMessage(null);
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      <Alert
        severity={message?.severity ?? 'success'}
        variant="filled"
        onClose={() => setMessage(null)}
        role={message?.severity === 'error' ? 'alert' : 'status'}
      >
        {message?.text}
      </Alert>
    </Snackbar>
  );
  return { show, element };
}
