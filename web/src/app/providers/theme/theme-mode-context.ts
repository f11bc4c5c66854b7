import { createContext, useContext } from 'react';
import type { ThemeMode } from './theme-mode.ts';

export interface ThemeModeValue {
  mode: ThemeMode;
  setMode(mode: ThemeMode): void;
  toggle(): void;
}

export const ThemeModeContext = createContext<ThemeModeValue | undefined>(undefined);

/** The current colour mode and its toggle; the choice is kept in localStorage `theme`. */
export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside AppThemeProvider');
  return value;
}
