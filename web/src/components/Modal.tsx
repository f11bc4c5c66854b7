import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, Flex, Heading } from '@aws-amplify/ui-react';
import { t } from '../i18n/index.ts';
import { CloseIcon } from './icons/feature-icons.tsx';

interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** The action row (buttons) under the content. */
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** Extra class on the panel. */
  className?: string;
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** Where dialogs are mounted: inside the themed container, so the Amplify colour tokens apply. */
function portalTarget(): Element {
  return document.querySelector('[data-amplify-theme]') ?? document.body;
}

/**
 * A modal dialog: a backdrop, a titled panel, Escape and the backdrop close it, focus stays inside
 * while it is open and returns to where it was afterwards. Rendered below the toasts on purpose,
 * so an error raised by a dialog's save is readable above it.
 */
export function Modal({ open, title, onClose, children, footer, size = 'medium', className }: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('input, select, textarea') ?? panel;
    first?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>(focusable)];
      if (items.length === 0) return;
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem?.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="app-modal" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={panelRef}
        className={['app-modal__panel', `app-modal__panel--${size}`, className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <Flex className="app-modal__header" alignItems="center" justifyContent="space-between" gap="small">
          <Heading level={5} id={titleId}>
            {title}
          </Heading>
          <Button variation="link" size="small" className="icon-button" onClick={onClose} ariaLabel={t('common.close')}>
            <CloseIcon />
          </Button>
        </Flex>
        <div className="app-modal__body">{children}</div>
        {footer && (
          <Flex className="app-modal__footer" justifyContent="flex-end" gap="small" wrap="wrap">
            {footer}
          </Flex>
        )}
      </div>
    </div>,
    portalTarget(),
  );
}
