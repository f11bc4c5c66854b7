/**
 * Chart.js with only what the dashboard draws (bars, a line with points, two axes and the
 * tooltip), so the lazy dashboard chunk does not carry the whole library.
 */
import {
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
} from 'chart.js';
import { chartPalette, tooltipText, type ChartMode } from '../chart-theme.ts';

Chart.register(CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip);
// Amplify UI's own font stack, so the axes read like the rest of the screen.
Chart.defaults.font.family =
  '"InterVariable", "Inter", -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif';

/** Axes, grid and tooltip in the colours of the current mode; counts have no decimals. */
function baseOptions(mode: ChartMode) {
  const palette = chartPalette(mode);
  const axis = {
    ticks: { color: palette.text },
    grid: { color: palette.grid },
    border: { color: palette.grid },
  };
  return {
    responsive: true,
    maintainAspectRatio: false,
    plugins: {
      tooltip: {
        backgroundColor: palette.tooltipBackground,
        titleColor: tooltipText(mode),
        bodyColor: tooltipText(mode),
      },
    },
    scales: {
      x: {
        ...axis,
        grid: { display: false as const },
        ticks: { ...axis.ticks, autoSkip: true, maxRotation: 45 },
      },
      y: { ...axis, beginAtZero: true, ticks: { ...axis.ticks, precision: 0 } },
    },
  };
}

export function barOptions(mode: ChartMode): ChartOptions<'bar'> {
  return baseOptions(mode);
}

export function lineOptions(mode: ChartMode): ChartOptions<'line'> {
  return baseOptions(mode);
}
