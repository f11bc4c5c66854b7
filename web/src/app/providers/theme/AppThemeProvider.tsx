import { useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from '@aws-amplify/ui-react';
import { appTheme } from './theme.ts';
import { initialThemeMode, storeThemeMode, type ThemeMode } from './theme-mode.ts';
import { ThemeModeContext, type ThemeModeValue } from './theme-mode-context.ts';

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(() => initialThemeMode());

  const setMode = useCallback((next: ThemeMode) => {
    storeThemeMode(next);
    setModeState(next);
  }, []);

  const value = useMemo<ThemeModeValue>(
    () => ({ mode, setMode, toggle: () => setMode(mode === 'dark' ? 'light' : 'dark') }),
    [mode, setMode],
  );

  // The page outside the themed container (body, scrollbars, form controls) follows the mode too.
  useLayoutEffect(() => {
    document.documentElement.dataset.colorMode = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={appTheme} colorMode={mode}>
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}
