import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import logo from '../../../assets/logo.svg';
import { isRecord } from '../../../lib/guards';
import { adminLogin } from '../api/auth';
import { useAdminToken } from '../api/admin-session';
import { useAdminText } from '../hooks/use-admin-text';

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

  // Whatever the previous admin session cached is not this one's business.
  useEffect(() => {
    queryClient.removeQueries({ queryKey: ['admin'] });
  }, [queryClient]);

  const login = useMutation({
    mutationFn: adminLogin,
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
        <Stack spacing={4} sx={{ alignItems: 'center' }}>
          <img src={logo} alt={t('login.logoAlt')} width={56} height={56} />
          <Typography variant="h1" component="h1">
            {t('login.title')}
          </Typography>
        </Stack>
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
      </Paper>
    </Box>
  );
}
