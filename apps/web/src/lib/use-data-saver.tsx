import {
  createContext,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { DATA_SAVER_ATTRIBUTE, detectDataSaver, rememberDataSaver } from './data-saver';

export interface DataSaver {
  on: boolean;
  /** The person's explicit choice: applied at once and remembered (lib/data-saver.ts). */
  choose: (on: boolean) => void;
}

const DataSaverContext = createContext<DataSaver>({ on: false, choose: () => {} });

/**
 * `initial`: the server's decision for a page it rendered (hydration must match it), or undefined
 * on a page the browser renders, which decides for itself. Decided once per page load: switching
 * by itself later would swap photos already downloading for others.
 */
export function DataSaverProvider({
  initial,
  children,
}: {
  initial: boolean | undefined;
  children: ReactNode;
}) {
  const [on, setOn] = useState(() => initial ?? detectDataSaver());
  // Before the browser lays the text out: that is when it would ask for the font.
  useLayoutEffect(() => {
    document.documentElement.toggleAttribute(DATA_SAVER_ATTRIBUTE, on);
  }, [on]);
  const value = useMemo<DataSaver>(
    () => ({
      on,
      choose(next) {
        rememberDataSaver(next);
        setOn(next);
      },
    }),
    [on],
  );
  return <DataSaverContext.Provider value={value}>{children}</DataSaverContext.Provider>;
}

export function useDataSaver(): DataSaver {
  return useContext(DataSaverContext);
}
