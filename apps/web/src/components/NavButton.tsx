import type { ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';

/** An antd button that navigates inside the site (a button inside a link would be invalid markup). */
export function NavButton({
  to,
  children,
  ...props
}: Omit<ButtonProps, 'onClick' | 'href'> & { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button {...props} onClick={() => void navigate(to)}>
      {children}
    </Button>
  );
}
