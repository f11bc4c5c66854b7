import { useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useDismiss } from './use-dismiss.ts';

interface PopoverProps {
  /** The trigger button's content. */
  trigger: ReactNode;
  /** The trigger's accessible name (and tooltip). */
  label: string;
  /** The panel's accessible name; the trigger's label unless told. */
  panelLabel?: string;
  /** The panel's content, or a function of `close` for content that closes the panel itself. */
  children: ReactNode | ((close: () => void) => ReactNode);
  align?: 'start' | 'end';
  /**
   * The caller's BEM block for its own styles: the wrapper gets `<block>`, the trigger
   * `<block>__trigger` and the panel `<block>__panel`.
   */
  block?: string;
  /** The trigger's test id. */
  testId?: string;
  /** Called on every trigger click, before the panel opens or closes. */
  onToggle?(): void;
}

/** A small panel under an icon button; a click outside or Escape closes it. */
export function Popover({
  trigger,
  label,
  panelLabel = label,
  children,
  align = 'end',
  block,
  testId,
  onToggle,
}: PopoverProps) {
  /** `base`, plus the caller's block class for that element. */
  const withBlock = (base: string, element = '') => (block ? `${base} ${block}${element}` : base);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useDismiss(open, setOpen, rootRef);

  return (
    <div className={withBlock('app-popover')} ref={rootRef}>
      <Button
        variation="link"
        size="small"
        className={withBlock('icon-button', '__trigger')}
        ariaLabel={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          onToggle?.();
          setOpen((value) => !value);
        }}
        data-testid={testId}
      >
        {trigger}
      </Button>
      {open && (
        <div
          id={panelId}
          className={withBlock(`app-popover__panel app-popover__panel--${align}`, '__panel')}
          role="dialog"
          aria-label={panelLabel}
        >
          {typeof children === 'function' ? children(() => setOpen(false)) : children}
        </div>
      )}
    </div>
  );
}
