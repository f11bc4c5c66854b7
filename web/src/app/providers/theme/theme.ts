import { createTheme, defaultDarkModeOverride } from '@aws-amplify/ui-react';

/**
 * A deeper green than Amplify's default, close to WhatsApp's, so the product reads as a
 * messaging tool. Index 10 is the lightest; dark mode mirrors the scale like Amplify's own palettes.
 */
const green = {
  10: '#e8f5ec',
  20: '#c6e8d0',
  40: '#7fcb97',
  60: '#2fa95a',
  80: '#1f7a41',
  90: '#175f33',
  100: '#0e3f21',
} as const;

const mirroredGreen = {
  10: green[100],
  20: green[90],
  40: green[80],
  60: green[60],
  80: green[40],
  90: green[20],
  100: green[10],
} as const;

/** extended §9 Theme: light or dark, primary colour green. */
export const appTheme = createTheme({
  name: 'atende',
  primaryColor: 'green',
  tokens: {
    colors: {
      green: {
        10: { value: green[10] },
        20: { value: green[20] },
        40: { value: green[40] },
        60: { value: green[60] },
        80: { value: green[80] },
        90: { value: green[90] },
        100: { value: green[100] },
      },
    },
    radii: {
      small: { value: '0.375rem' },
      medium: { value: '0.5rem' },
      large: { value: '0.75rem' },
    },
  },
  overrides: [
    defaultDarkModeOverride,
    {
      colorMode: 'dark',
      tokens: {
        colors: {
          green: {
            10: { value: mirroredGreen[10] },
            20: { value: mirroredGreen[20] },
            40: { value: mirroredGreen[40] },
            60: { value: mirroredGreen[60] },
            80: { value: mirroredGreen[80] },
            90: { value: mirroredGreen[90] },
            100: { value: mirroredGreen[100] },
          },
        },
      },
    },
  ],
});
