/**
 * Chart colours per colour mode. Charts draw on a canvas, so they cannot read the CSS tokens the
 * rest of the screen uses: these mirror the app's green (web/src/app/providers/theme) and the
 * Amplify font and border greys, each pair chosen to stay readable on its own background.
 */
export type ChartMode = 'light' | 'dark';

export interface ChartPalette {
  /** Bars and the line. */
  series: string;
  /** Bar fill and the points' fill. */
  seriesFill: string;
  /** Axis labels and tooltips' text. */
  text: string;
  /** Grid lines. */
  grid: string;
  tooltipBackground: string;
}

const palettes: Readonly<Record<ChartMode, ChartPalette>> = {
  light: {
    series: '#1f7a41',
    seriesFill: 'rgba(47, 169, 90, 0.75)',
    text: '#304050',
    grid: 'rgba(15, 23, 32, 0.1)',
    tooltipBackground: 'rgba(13, 26, 38, 0.92)',
  },
  dark: {
    series: '#7fcb97',
    seriesFill: 'rgba(127, 203, 151, 0.7)',
    text: '#d5dde5',
    grid: 'rgba(255, 255, 255, 0.14)',
    tooltipBackground: 'rgba(239, 240, 240, 0.95)',
  },
};

export function chartPalette(mode: ChartMode): ChartPalette {
  return palettes[mode];
}

/** The tooltip's own text colour: the opposite of its background. */
export function tooltipText(mode: ChartMode): string {
  return mode === 'dark' ? '#0d1a26' : '#ffffff';
}
