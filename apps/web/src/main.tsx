import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './styles/fonts.css';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { createI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
// Started together: the language file, the page's code chunk and its API data download in parallel.
const i18nReady = createI18n();
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

void i18nReady.then((i18n) => {
  createRoot(container).render(
    <StrictMode>
      <AppProvider i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
