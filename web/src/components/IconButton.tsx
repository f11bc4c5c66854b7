import type { MouseEventHandler, ReactNode } from 'react';
import { Button } from '@aws-amplify/ui-react';

interface IconButtonProps {
  /** What the button does: its accessible name, and its tooltip unless `title` says otherwise. */
  label: string;
  /** A tooltip other than the label (a short one, where the label also names the row). */
  title?: string;
  /** For a button that removes or cancels: red on hover. */
  danger?: boolean;
  /** Classes beside `icon-button`. */
  className?: string;
  isDisabled?: boolean;
  isLoading?: boolean;
  onClick: MouseEventHandler<HTMLButtonElement>;
  /** The icon. */
  children: ReactNode;
}

/** A small button that shows only an icon (edit, delete, close…), named by its label. */
export function IconButton({ label, title, danger, className, children, ...rest }: IconButtonProps) {
  const classes = ['icon-button', danger && 'icon-button--danger', className].filter(Boolean).join(' ');
  return (
    <Button
      variation="link"
      size="small"
      className={classes}
      ariaLabel={label}
      title={title ?? label}
      {...rest}
    >
      {children}
    </Button>
  );
}
