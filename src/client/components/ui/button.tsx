import type { ButtonHTMLAttributes } from 'react';
import buttonCss from './button.css?inline';
import { StyleSheet } from './style-sheet.tsx';

type Variant = 'primary' | 'inverted' | 'google';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  const classes = ['button', `button--${variant}`, className].filter(Boolean).join(' ');
  return (
    <>
      <StyleSheet href="button" css={buttonCss} layer="base" />
      <button type={type} className={classes} {...props} />
    </>
  );
}
