import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import logo from '../../../assets/logo.svg';
import { isRecord } from '../../../lib/guards';
import { adminLogin } from '../api/auth';
import { DemoBanner } from '../../../components/demo-banner';
import { useAdminToken } from '../api/admin-session';
import { adminSecondFactor } from '../api/two-step';
import { useAdminText } from '../hooks/use-admin-text';

/** Six digits, with one space in the middle as the apps show them. */
const SIX_DIGITS = /^\d{3} ?\d{3}$/;

/** The /admin page: the admin's own sign-in, apart from the users' phone sign-in. */
export function AdminLoginPage() {
  const { t, errorMessage } = useAdminText();
  const location = useLocation();
  const token = useAdminToken();
  const queryClient = useQueryClient();
  const sessionEnded = isRecord(location.state) && location.state.sessionEnded === true;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(() =>
    sessionEnded ? t('errors.sessionEnded') : null,
  );
  // Set when the password was right and the admin has two-step sign-in on.
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  // Whatever the previous admin session cached is not this one's business.
  useEffect(() => {
    queryClient.removeQueries({ queryKey: ['admin'] });
  }, [queryClient]);

  const login = useMutation({
    mutationFn: adminLogin,
    onSuccess: (answer) => {
      if ('mfaRequired' in answer) {
        setPassword('');
        setMfaToken(answer.mfaToken);
      }
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  if (token) return <Navigate to="/admin/dashboard" replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setProblem(t('login.required'));
      return;
    }
    setProblem(null);
    login.mutate({ username: username.trim(), password });
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 4, bgcolor: 'grey.100' }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 380, p: 6 }}>
        <DemoBanner inline />
        <Stack spacing={4} sx={{ alignItems: 'center' }}>
          <img src={logo} alt={t('login.logoAlt')} width={56} height={56} />
          <Typography variant="h1" component="h1">
            {t('login.title')}
          </Typography>
        </Stack>
        {mfaToken ? (
          <SecondStep
            mfaToken={mfaToken}
            onBack={() => {
              setMfaToken(null);
              setProblem(null);
            }}
          />
        ) : (
          <Box component="form" noValidate onSubmit={submit} sx={{ mt: 4 }}>
            <Stack spacing={4}>
              {problem && (
                <Alert severity="error" role="alert">
                  {problem}
                </Alert>
              )}
              <TextField
                label={t('login.username')}
                name="username"
                autoComplete="username"
                autoFocus
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                fullWidth
              />
              <TextField
                label={t('login.password')}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                fullWidth
              />
              <Button type="submit" disabled={login.isPending} fullWidth>
                {login.isPending ? t('login.submitting') : t('login.submit')}
              </Button>
            </Stack>
          </Box>
        )}
      </Paper>
    </Box>
  );
}

/**
 * The second step: the code from the authenticator app, or (switched) a recovery code. A right
 * one keeps the token, and the page goes on to the dashboard.
 */
function SecondStep({ mfaToken, onBack }: { mfaToken: string; onBack: () => void }) {
  const { t, errorMessage } = useAdminText();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const verify = useMutation({
    mutationFn: adminSecondFactor,
    onError: (error) => setProblem(errorMessage(error)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (useRecovery) {
      if (!recoveryCode.trim()) {
        setProblem(t('login.recoveryCodeRequired'));
        return;
      }
      setProblem(null);
      verify.mutate({ mfaToken, recoveryCode: recoveryCode.trim() });
      return;
    }
    if (!SIX_DIGITS.test(code.trim())) {
      setProblem(t('login.codeRequired'));
      return;
    }
    setProblem(null);
    verify.mutate({ mfaToken, code: code.trim() });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ mt: 4 }}>
      <Stack spacing={4}>
        <Typography variant="h2" component="h2" sx={{ textAlign: 'center' }}>
          {t('login.secondStep')}
        </Typography>
        <Typography id="admin-second-step-help">
          {useRecovery ? t('login.recoveryHelp') : t('login.codeHelp')}
        </Typography>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        {useRecovery ? (
          <TextField
            key="recovery"
            label={t('login.recoveryCode')}
            name="recoveryCode"
            autoComplete="off"
            autoFocus
            value={recoveryCode}
            onChange={(event) => setRecoveryCode(event.target.value)}
            slotProps={{ htmlInput: { 'aria-describedby': 'admin-second-step-help' } }}
            fullWidth
          />
        ) : (
          <TextField
            key="code"
            label={t('login.code')}
            name="code"
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                maxLength: 7,
                'aria-describedby': 'admin-second-step-help',
              },
            }}
            fullWidth
          />
        )}
        <FormControlLabel
          control={
            <Switch
              checked={useRecovery}
              onChange={(event) => {
                setUseRecovery(event.target.checked);
                setProblem(null);
              }}
            />
          }
          label={t('login.useRecoveryCode')}
        />
        <Button type="submit" disabled={verify.isPending} fullWidth>
          {verify.isPending ? t('login.verifying') : t('login.verify')}
        </Button>
        <Button variant="text" color="inherit" onClick={onBack} fullWidth>
          {t('login.back')}
        </Button>
      </Stack>
    </Box>
  );
}
