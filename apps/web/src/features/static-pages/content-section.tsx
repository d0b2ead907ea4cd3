// A titled part of a content page: a section named by its heading, whose id is the anchor that
// links (the table of contents, /terms-of-service#associate-section) land on.
import type { ReactNode } from 'react';

const HEADING_CLASS = { 2: 'mb-4 text-xl font-bold', 3: 'mb-3 text-lg font-bold' } as const;

export function ContentSection({
  id,
  heading,
  level = 2,
  className,
  children,
}: {
  id: string;
  heading: string;
  level?: 2 | 3;
  className?: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={HEADING_CLASS[level]}>
        {heading}
      </Heading>
      {children}
    </section>
  );
}
