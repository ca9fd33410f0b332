import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TAdminTwoStepSetup, TAdminTwoStepStatus } from '@makazi/contracts/admin-two-step';
import { adminMeQueryOptions } from '../api/auth';
import { setTwoStepSetupRequired, useTwoStepSetupRequired } from '../api/admin-session';
import {
  confirmTwoStep,
  disableTwoStep,
  regenerateRecoveryCodes,
  startTwoStepSetup,
  twoStepQueryKey,
  twoStepQueryOptions,
} from '../api/two-step';
import { useAdminText } from '../hooks/use-admin-text';
import { useSnackbar } from '../hooks/use-snackbar';
import { formatDateTime } from '../utils/format';
import { LoadFailure } from './load-failure';
import { PageSpinner } from './page-spinner';

/** Six digits, with one space in the middle as the apps show them. */
const SIX_DIGITS = /^\d{3} ?\d{3}$/;

const monospace = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

type Notify = ReturnType<typeof useSnackbar>['show'];

/** Copies `text`, saying so (or saying to copy it by hand where the browser refuses). */
async function copy(text: string, notify: Notify, t: ReturnType<typeof useAdminText>['t']) {
  try {
    await navigator.clipboard.writeText(text);
    notify(t('profile.copied'));
  } catch {
    notify(t('profile.copyFailed'), 'error');
  }
}

/**
 * The /admin/profile page: who is signed in, and their two-step sign-in (set up, new recovery
 * codes, turned off). In production it is the one page open until two-step sign-in is on.
 */
export function AdminProfilePage() {
  const { t, errorMessage } = useAdminText();
  const me = useQuery(adminMeQueryOptions);
  const status = useQuery(twoStepQueryOptions);
  const setupRequired = useTwoStepSetupRequired();
  const snackbar = useSnackbar();
  // Shown once, right after they were made; gone when the admin says they saved them.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const required =
    setupRequired || (status.data !== undefined && status.data.required && !status.data.enabled);

  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {t('profile.title')}
      </Typography>
      {me.data ? (
        <Typography sx={{ mb: 4 }}>
          {t('profile.signedInAs', { username: me.data.username })}
        </Typography>
      ) : null}
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="admin-two-step-title"
        sx={{ p: { xs: 3, sm: 4 }, maxWidth: 640 }}
      >
        <Typography id="admin-two-step-title" variant="h2" component="h2" sx={{ mb: 3 }}>
          {t('profile.twoStep')}
        </Typography>
        <Stack spacing={3}>
          {required ? (
            <Alert severity="warning" role="alert">
              {t('profile.requiredAlert')}
            </Alert>
          ) : null}
          {recoveryCodes ? (
            <RecoveryCodes
              codes={recoveryCodes}
              notify={snackbar.show}
              onDone={() => setRecoveryCodes(null)}
            />
          ) : status.isPending ? (
            <PageSpinner />
          ) : status.isError ? (
            <LoadFailure
              message={t('profile.failed')}
              detail={errorMessage(status.error)}
              onRetry={() => void status.refetch()}
            />
          ) : status.data.enabled ? (
            <ManageTwoStep status={status.data} notify={snackbar.show} onCodes={setRecoveryCodes} />
          ) : (
            <SetUpTwoStep notify={snackbar.show} onCodes={setRecoveryCodes} />
          )}
        </Stack>
      </Paper>
      {snackbar.element}
    </Box>
  );
}

/** A six-digit code field with its own check before anything is sent. */
function useCodeField() {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return { code, setCode, problem, setProblem };
}

/** The code field of a form and the problem found with it, described by the form's help text. */
function CodeInput({
  field,
  describedBy,
}: {
  field: ReturnType<typeof useCodeField>;
  describedBy: string;
}) {
  const { t } = useAdminText();
  return (
    <>
      {field.problem ? (
        <Alert severity="error" role="alert">
          {field.problem}
        </Alert>
      ) : null}
      <TextField
        label={t('profile.code')}
        name="code"
        autoComplete="one-time-code"
        value={field.code}
        onChange={(event) => field.setCode(event.target.value)}
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 7, 'aria-describedby': describedBy },
        }}
        sx={{ maxWidth: 240 }}
      />
    </>
  );
}

function SetUpTwoStep({ notify, onCodes }: { notify: Notify; onCodes: (codes: string[]) => void }) {
  const { t, errorMessage } = useAdminText();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TAdminTwoStepSetup | null>(null);
  const field = useCodeField();
  const start = useMutation({
    mutationFn: startTwoStepSetup,
    onSuccess: (answer) => {
      setSetup(answer);
      field.setCode('');
      field.setProblem(null);
    },
    onError: (error) => notify(errorMessage(error), 'error'),
  });
  const confirm = useMutation({
    mutationFn: confirmTwoStep,
    onSuccess: async ({ recoveryCodes }) => {
      setTwoStepSetupRequired(false);
      onCodes(recoveryCodes);
      notify(t('profile.turnedOn'));
      await queryClient.invalidateQueries({ queryKey: twoStepQueryKey });
    },
    onError: (error) => field.setProblem(errorMessage(error)),
  });

  if (!setup) {
    return (
      <>
        <Typography>{t('profile.offText')}</Typography>
        <Box>
          <Button disabled={start.isPending} onClick={() => start.mutate()}>
            {start.isPending ? t('profile.starting') : t('profile.start')}
          </Button>
        </Box>
      </>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!SIX_DIGITS.test(field.code.trim())) {
      field.setProblem(t('profile.codeRequired'));
      return;
    }
    field.setProblem(null);
    confirm.mutate(field.code.trim());
  };

  return (
    <>
      <Typography>{t('profile.scan')}</Typography>
      <Box
        component="img"
        src={setup.qrCode}
        alt={t('profile.qrAlt')}
        width={200}
        height={200}
        sx={{ display: 'block', bgcolor: 'common.white' }}
      />
      <Typography>{t('profile.manual')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Box
          component="code"
          data-testid="two-step-secret"
          sx={{ ...monospace, fontSize: 16, overflowWrap: 'anywhere', minWidth: 0 }}
        >
          {setup.secret.match(/.{1,4}/g)?.join(' ')}
        </Box>
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          onClick={() => void copy(setup.secret, notify, t)}
        >
          {t('profile.copyKey')}
        </Button>
      </Box>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          <Typography id="admin-two-step-confirm-help">{t('profile.confirmHelp')}</Typography>
          <CodeInput field={field} describedBy="admin-two-step-confirm-help" />
          <Box>
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? t('profile.confirming') : t('profile.confirm')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </>
  );
}

function ManageTwoStep({
  status,
  notify,
  onCodes,
}: {
  status: TAdminTwoStepStatus;
  notify: Notify;
  onCodes: (codes: string[]) => void;
}) {
  const { t, errorMessage, language } = useAdminText();
  const queryClient = useQueryClient();
  const field = useCodeField();
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoStepQueryKey });
  const regenerate = useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: async ({ recoveryCodes }) => {
      field.setCode('');
      onCodes(recoveryCodes);
      await refresh();
    },
    onError: (error) => field.setProblem(errorMessage(error)),
  });
  const disable = useMutation({
    mutationFn: disableTwoStep,
    onSuccess: async () => {
      field.setCode('');
      notify(t('profile.turnedOff'));
      await refresh();
    },
    onError: (error) => field.setProblem(errorMessage(error)),
  });
  const busy = regenerate.isPending || disable.isPending;

  const run = (action: (code: string) => void) => {
    if (!SIX_DIGITS.test(field.code.trim())) {
      field.setProblem(t('profile.codeRequired'));
      return;
    }
    field.setProblem(null);
    action(field.code.trim());
  };

  return (
    <>
      <Typography>
        {t('profile.onText', { date: formatDateTime(status.enabledAt ?? '', language) })}
      </Typography>
      <Typography>{t('profile.codesLeft', { count: status.recoveryCodesLeft })}</Typography>
      {status.required ? <Typography>{t('profile.requiredNote')}</Typography> : null}
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          run((code) => regenerate.mutate(code));
        }}
      >
        <Stack spacing={2}>
          <Typography id="admin-two-step-manage-help">{t('profile.manageHelp')}</Typography>
          <CodeInput field={field} describedBy="admin-two-step-manage-help" />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <Button type="submit" disabled={busy}>
              {regenerate.isPending ? t('profile.working') : t('profile.regenerate')}
            </Button>
            {status.required ? null : (
              <Button
                variant="outlined"
                color="error"
                disabled={busy}
                onClick={() => run((code) => disable.mutate(code))}
              >
                {disable.isPending ? t('profile.working') : t('profile.disable')}
              </Button>
            )}
          </Box>
        </Stack>
      </Box>
    </>
  );
}

function RecoveryCodes({
  codes,
  notify,
  onDone,
}: {
  codes: string[];
  notify: Notify;
  onDone: () => void;
}) {
  const { t } = useAdminText();
  return (
    <Alert severity="info" icon={false} role="region" aria-labelledby="admin-recovery-title">
      <AlertTitle id="admin-recovery-title">{t('profile.recoveryTitle')}</AlertTitle>
      <Typography sx={{ mb: 2 }}>{t('profile.recoveryHelp')}</Typography>
      <Box
        component="ol"
        aria-labelledby="admin-recovery-title"
        sx={{
          ...monospace,
          fontSize: 16,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 6,
          rowGap: 1,
          pl: 5,
          my: 2,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Button
          variant="outlined"
          color="inherit"
          onClick={() => void copy(codes.join('\n'), notify, t)}
        >
          {t('profile.copyCodes')}
        </Button>
        <Button onClick={onDone}>{t('profile.saved')}</Button>
      </Box>
    </Alert>
  );
}
