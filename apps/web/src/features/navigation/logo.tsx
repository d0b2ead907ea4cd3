// The Kifu wordmark: a heart-in-hand mark plus the name, drawn inline so it needs no request.
export function Logo({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-2" aria-label={label} role="img">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <circle cx="16" cy="16" r="16" fill="#f0642d" />
        <path
          d="M16 24.5s-7.5-4.6-7.5-9.9c0-2.5 1.9-4.4 4.2-4.4 1.5 0 2.7.8 3.3 2 .6-1.2 1.8-2 3.3-2 2.3 0 4.2 1.9 4.2 4.4 0 5.3-7.5 9.9-7.5 9.9z"
          fill="#fff"
        />
      </svg>
      <span className="text-xl font-extrabold tracking-tight text-ink">Kifu</span>
    </span>
  );
}
