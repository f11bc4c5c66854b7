/** The chart's figures as a list inside the canvas, for readers that cannot see the drawing. */
export function ChartFallback({ labels, values }: { labels: readonly string[]; values: readonly number[] }) {
  return (
    <ul>
      {labels.map((label, index) => (
        <li key={`${label}-${index}`}>
          {label}: {values[index] ?? 0}
        </li>
      ))}
    </ul>
  );
}
