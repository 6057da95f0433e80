import type { ReactNode } from 'react';
import styles from './HomeIcons.module.css';

/** Line icons of the home page sections, drawn inline (a few hundred bytes, no icon downloads). */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
    >
      {children}
    </svg>
  );
}

const ICONS: Record<string, ReactNode> = {
  // Advantages
  research: (
    <>
      <path d="M9 3h6M10 3v6l-5.5 9.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3" />
      <path d="M7.5 15h9" />
    </>
  ),
  data: (
    <>
      <ellipse cx="12" cy="5.5" rx="7" ry="2.5" />
      <path d="M5 5.5v6.5c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5V5.5M5 12v6.5C5 19.9 8.1 21 12 21s7-1.1 7-2.5V12" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.2" />
      <path d="M3 20c.6-3.4 3-5.5 6-5.5s5.4 2.1 6 5.5" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16.5 14.5c2.3.2 4 1.9 4.5 4.5" />
    </>
  ),
  art: (
    <>
      <path d="M12 3a9 9 0 1 0 0 18c1.4 0 2-1 1.6-2.1-.4-1.2.3-2.4 1.6-2.4H17a4 4 0 0 0 4-4C21 7 17 3 12 3z" />
      <circle cx="7.5" cy="11" r="1.2" />
      <circle cx="10.5" cy="7" r="1.2" />
      <circle cx="15.5" cy="7.5" r="1.2" />
    </>
  ),
  // Business sectors
  medicalBeauty: (
    <>
      <rect x="4" y="7" width="16" height="13" rx="2" />
      <path d="M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M12 10.5v6M9 13.5h6" />
    </>
  ),
  enterprise: (
    <>
      <path d="M4 21V5a1 1 0 0 1 1-1h8a1 1 0 0 1 1 1v16M14 9h5a1 1 0 0 1 1 1v11M2.5 21h19" />
      <path d="M7.5 8h3M7.5 12h3M7.5 16h3M16.5 13h1M16.5 17h1" />
    </>
  ),
  beautyRetail: (
    <>
      <path d="M5 8h14l-1.2 11.2a2 2 0 0 1-2 1.8H8.2a2 2 0 0 1-2-1.8z" />
      <path d="M9 10V6a3 3 0 0 1 6 0v4" />
    </>
  ),
  smartHardware: (
    <>
      <rect x="7" y="2.5" width="10" height="19" rx="2.2" />
      <circle cx="12" cy="8" r="2.2" />
      <path d="M10.5 18.5h3" />
    </>
  ),
  internet: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
    </>
  ),
  // Access modes
  api: (
    <>
      <path d="M8 7l-5 5 5 5M16 7l5 5-5 5M13.5 4.5l-3 15" />
    </>
  ),
  sdk: (
    <>
      <rect x="6" y="2.5" width="12" height="19" rx="2.2" />
      <path d="M10 6h4M9.5 11l-2 2 2 2M14.5 11l2 2-2 2" />
    </>
  ),
  custom: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
    </>
  ),
  // Achievements
  trophy: (
    <>
      <path d="M7 4h10v5a5 5 0 0 1-10 0z" />
      <path d="M7 6H4v1.5A3.5 3.5 0 0 0 7.5 11M17 6h3v1.5a3.5 3.5 0 0 1-3.5 3.5M12 14v3.5M8 21h8M9.5 21v-1.5a2.5 2.5 0 0 1 5 0V21" />
    </>
  ),
  arrow: <path d="M5 12h14M13 6l6 6-6 6" />,
};

interface HomeIconProps {
  name: string;
  /** On a rounded tile: soft (brand tint) or solid (brand gradient). */
  tile?: 'soft' | 'solid';
  className?: string;
}

/** The icon of a section item by its content id; nothing for an id without one. */
export function HomeIcon({ name, tile, className }: HomeIconProps) {
  const icon = ICONS[name];
  if (!icon) return null;
  const tileClass = tile ? `${styles.tile} ${styles[tile]}` : '';
  return (
    <span className={`${tileClass} ${className ?? ''}`}>
      <Icon>{icon}</Icon>
    </span>
  );
}
