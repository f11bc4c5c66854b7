/** WhatsApp's text styles: *bold*, _italic_ and ~strike~. */
export type WhatsAppMark = 'bold' | 'italic' | 'strike';

export interface WhatsAppSegment {
  text: string;
  marks: WhatsAppMark[];
}

const markOf: Record<string, WhatsAppMark> = { '*': 'bold', _: 'italic', '~': 'strike' };

/**
 * A styled run as WhatsApp reads one: the marker pair hugs its text (no space just inside) and
 * stands apart from letters and digits outside, so `snake_case_name` and `2*3*4` stay plain.
 */
const styledRun =
  /(?<![\p{L}\p{N}])(?:\*(?!\s)[^*\n]+?(?<!\s)\*|_(?!\s)[^_\n]+?(?<!\s)_|~(?!\s)[^~\n]+?(?<!\s)~)(?![\p{L}\p{N}])/gu;

/** Splits a message body into plain and styled runs; styles may nest (`*_both_*`). */
export function whatsappSegments(body: string, marks: readonly WhatsAppMark[] = []): WhatsAppSegment[] {
  const segments: WhatsAppSegment[] = [];
  let last = 0;
  for (const match of body.matchAll(styledRun)) {
    const start = match.index;
    if (start > last) segments.push({ text: body.slice(last, start), marks: [...marks] });
    const run = match[0];
    const mark = markOf[run[0]!]!;
    const inner = marks.includes(mark) ? [...marks] : [...marks, mark];
    segments.push(...whatsappSegments(run.slice(1, -1), inner));
    last = start + run.length;
  }
  if (last < body.length) segments.push({ text: body.slice(last), marks: [...marks] });
  return segments;
}

/** The body without its style markers, for one-line previews. */
export function whatsappPlainText(body: string): string {
  return whatsappSegments(body)
    .map((segment) => segment.text)
    .join('');
}
