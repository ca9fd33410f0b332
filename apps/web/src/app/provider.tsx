import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastHost } from '../components/toast-host';
import { DataSaverProvider } from '../lib/use-data-saver';
import '../styles/global.css';

export interface AppProviderProps {
  i18n: I18n;
  queryClient: QueryClient;
  /** The server's data-saver decision for a page it rendered; undefined: the browser decides. */
  dataSaver?: boolean;
  children: ReactNode;
}

export function AppProvider({ i18n, queryClient, dataSaver, children }: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DataSaverProvider initial={dataSaver}>
          {children}
          <ToastHost />
        </DataSaverProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
