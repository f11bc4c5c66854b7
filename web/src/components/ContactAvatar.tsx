import { useState } from 'react';
import { initialsOf } from '../lib/initials.ts';

const hues = [152, 200, 262, 24, 330, 48, 180, 0];

function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hues[Math.abs(hash) % hues.length] ?? 152;
}

/** The contact's picture, or its initials on a colour of its own. */
export function ContactAvatar({
  name,
  url,
  size = 40,
}: {
  name: string;
  url?: string | null;
  size?: number;
}) {
  const [broken, setBroken] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  if (url && !broken) {
    return <img className="contact-avatar" src={url} alt="" style={style} onError={() => setBroken(true)} />;
  }
  return (
    <span
      className="contact-avatar contact-avatar--initials"
      aria-hidden="true"
      style={{ ...style, '--avatar-hue': hueOf(name) } as React.CSSProperties}
    >
      {initialsOf(name)}
    </span>
  );
}
