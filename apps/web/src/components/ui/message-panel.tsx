// The centred panel behind 404, error and login-required notices.
import type { ReactNode } from 'react';

export function MessagePanel({
  title,
  message,
  children,
  testId,
}: {
  title: string;
  message: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section data-testid={testId} className="mx-auto my-16 flex max-w-page-sm flex-col items-center px-4 text-center md:my-24">
      <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
      <p className="mt-4 leading-relaxed text-muted">{message}</p>
      {children ? <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </section>
  );
}
