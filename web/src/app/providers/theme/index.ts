export { AppThemeProvider } from './AppThemeProvider.tsx';
export { useThemeMode, type ThemeModeValue } from './theme-mode-context.ts';
export type { ThemeMode } from './theme-mode.ts';
