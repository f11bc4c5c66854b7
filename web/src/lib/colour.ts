/** Readable text on a colour (a tag chip): dark on light shades, white on dark ones. */
export function textOnColour(colour: string): '#1a1a1a' | '#ffffff' {
  const hex = colour.trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return '#ffffff';
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  // The contrast with black beats the contrast with white above ~0.18.
  return luminance > 0.18 ? '#1a1a1a' : '#ffffff';
}
