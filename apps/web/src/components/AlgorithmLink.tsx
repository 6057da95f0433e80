import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

/** The address of an algorithm page with the timestamp query `t` every such navigation carries. */
export function withTimestamp(url: string, now = Date.now()): string {
  const [path = '', query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.set('t', String(now));
  return `${path}?${params.toString()}`;
}

interface AlgorithmLinkProps {
  to: string;
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
  'aria-label'?: string;
}

/**
 * A link into the algorithm section. The href is the plain page address; a plain click navigates
 * with a fresh `t=<Date.now()>`. Modified clicks (new tab, ...) keep the browser's behaviour.
 */
export function AlgorithmLink({ to, children, className, onNavigate, ...rest }: AlgorithmLinkProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    onNavigate?.();
    void navigate(withTimestamp(to));
  };
  return (
    <Link to={to} className={className} onClick={onClick} aria-label={rest['aria-label']}>
      {children}
    </Link>
  );
}
