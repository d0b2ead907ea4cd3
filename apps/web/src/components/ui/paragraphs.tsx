// Long plain text from the API (a story, a report) as paragraphs: a blank line starts a new one,
// a single line break stays a line break.
export function Paragraphs({ text, testId, className }: { text: string; testId?: string; className?: string }) {
  return (
    <div className={className ?? 'flex flex-col gap-4 leading-relaxed'} data-testid={testId}>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
