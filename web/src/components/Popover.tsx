import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@aws-amplify/ui-react';

interface PopoverProps {
  /** The trigger button's content and accessible name. */
  trigger: ReactNode;
  label: string;
  children: ReactNode;
  align?: 'start' | 'end';
}

/** A small panel under an icon button; a click outside or Escape closes it. */
export function Popover({ trigger, label, children, align = 'end' }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="app-popover" ref={rootRef}>
      <Button
        variation="link"
        size="small"
        className="icon-button"
        ariaLabel={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {trigger}
      </Button>
      {open && (
        <div id={panelId} className={`app-popover__panel app-popover__panel--${align}`} role="dialog" aria-label={label}>
          {children}
        </div>
      )}
    </div>
  );
}
