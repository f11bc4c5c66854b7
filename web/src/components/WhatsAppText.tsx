import { Fragment, type ReactNode } from 'react';
import { whatsappSegments } from '../lib/whatsapp-format.ts';

/** A message text with WhatsApp's *bold*, _italic_ and ~strike~ shown as such (never as HTML). */
export function WhatsAppText({ text }: { text: string }) {
  return (
    <>
      {whatsappSegments(text).map(({ text: run, marks }, index) => {
        let node: ReactNode = run;
        if (marks.includes('strike')) node = <s>{node}</s>;
        if (marks.includes('italic')) node = <em>{node}</em>;
        if (marks.includes('bold')) node = <strong>{node}</strong>;
        return <Fragment key={index}>{node}</Fragment>;
      })}
    </>
  );
}
