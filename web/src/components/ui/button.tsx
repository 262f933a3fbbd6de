import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'small' | 'regular' | 'large';

const SIZE_CLASS: Record<ButtonSize, string | undefined> = { small: 'btn-small', regular: undefined, large: 'btn-lg' };

/** Class names of a button, also used to style links that look like buttons (the site's and the console's). */
export function buttonClass(variant: ButtonVariant = 'primary', className?: string, size: ButtonSize = 'regular'): string {
  return cn('btn', `btn-${variant}`, SIZE_CLASS[size], className);
}

export function Button({
  variant = 'primary',
  size = 'regular',
  className,
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass(variant, className, size)} {...props} />;
}

/** A link that looks like a button (a download, a page of its own). */
export function ButtonLink({
  variant = 'primary',
  size = 'regular',
  className,
  children,
  ...props
}: ComponentProps<'a'> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return (
    <a className={buttonClass(variant, className, size)} {...props}>
      {children}
    </a>
  );
}
