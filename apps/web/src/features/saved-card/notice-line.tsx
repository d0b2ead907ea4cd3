// The saved-card pages' one line of news. Progress and success go in a status region that is
// always in the page (so screen readers hear what is put in it); a failure comes as an alert.

export type Notice = { kind: 'progress' | 'success' | 'error'; text: string };

export function NoticeLine({ notice }: { notice: Notice | null }) {
  const news = notice && notice.kind !== 'error' ? notice : null;
  return (
    <>
      <p
        role="status"
        className={
          news === null
            ? 'sr-only'
            : news.kind === 'success'
              ? 'rounded-xl bg-emerald-50 p-3 text-sm font-semibold text-emerald-900'
              : 'rounded-xl bg-slate-50 p-3 text-sm text-muted'
        }
        data-testid="saved-card-notice"
        data-kind={news?.kind}
      >
        {news?.text ?? ''}
      </p>
      {notice?.kind === 'error' ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-800" data-testid="saved-card-error">
          {notice.text}
        </p>
      ) : null}
    </>
  );
}
