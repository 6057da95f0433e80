import type { ButtonHTMLAttributes } from 'react';
import styles from './LightButton.module.css';

/**
 * A plain button drawn like antd's (primary or default, middle or small) for the app shell, which
 * every page loads first: antd's Button would bring its wave effect and style engine along.
 */
export function LightButton({
  variant = 'default',
  size = 'middle',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'default'; size?: 'middle' | 'small' }) {
  const classes = [styles.button, styles[variant], size === 'small' ? styles.small : '', className ?? ''];
  return <button type={type} className={classes.filter(Boolean).join(' ')} {...props} />;
}
