import type { ReactNode } from 'react';

/** A link leaving Kifu: new tab, no opener, with a screen-reader hint. */
export function ExternalLink({
  href,
  className,
  newTabHint,
  children,
  ...rest
}: {
  href: string;
  className?: string;
  newTabHint: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <span className="sr-only">{newTabHint}</span>
    </a>
  );
}
