import type { SVGProps } from 'react';

/** Props of every inline icon: an SVG element's props plus a square `size` in pixels. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * The one frame of the app's line icons (24×24 view box, a 2 px round stroke in the text colour),
 * drawn inline so no icon library lands in the bundle. Decorative: hidden from screen readers.
 */
export function LineIcon({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}
