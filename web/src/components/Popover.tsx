import { useId, useRef, useState, type ReactNode } from 'react';
import { Button, Loader } from '@aws-amplify/ui-react';
import { useDismiss } from './use-dismiss.ts';
import './patterns.css';

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
  /** A panel of titled lists (the top bar's popovers): its width, and the whole width on narrow screens. */
  list?: boolean;
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
  list = false,
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
        className={withBlock('icon-button app-popover__trigger', '__trigger')}
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
          className={withBlock(
            `app-popover__panel app-popover__panel--${align}${list ? ' app-popover__panel--list' : ''}`,
            '__panel',
          )}
          role="dialog"
          aria-label={panelLabel}
        >
          {typeof children === 'function' ? children(() => setOpen(false)) : children}
        </div>
      )}
    </div>
  );
}

interface CountBadgeProps {
  count: number;
  testId: string;
  /** Grey instead of red: a count that asks for no hurry. */
  muted?: boolean;
}

/** The number on a top bar button (none at 0, 99+ above 99). */
export function CountBadge({ count, testId, muted = false }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <span
      className={muted ? 'app-popover__badge app-popover__badge--muted' : 'app-popover__badge'}
      data-testid={testId}
      aria-hidden="true"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

interface PopoverListProps {
  title: string;
  /** A loader instead of the list while it loads. */
  isLoading?: boolean;
  /** What an empty list says; without it an empty list shows nothing. */
  empty?: string;
  isEmpty?: boolean;
  testId: string;
  /** The list's items (`<li>`). */
  children: ReactNode;
}

/** One titled list of a popover's panel, with its loader and its empty state. */
export function PopoverList({
  title,
  isLoading = false,
  empty,
  isEmpty = false,
  testId,
  children,
}: PopoverListProps) {
  return (
    <>
      <div className="app-popover__title">{title}</div>
      {isLoading ? (
        <div className="app-popover__empty">
          <Loader size="small" />
        </div>
      ) : isEmpty ? (
        <div className="app-popover__empty">{empty}</div>
      ) : (
        <ul className="app-popover__list" data-testid={testId}>
          {children}
        </ul>
      )}
    </>
  );
}
