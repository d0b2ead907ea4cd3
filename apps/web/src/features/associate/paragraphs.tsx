// Associate texts come as plain text with blank lines between paragraphs and single line breaks
// inside them; rendered as such, never as HTML.
import { cx } from '@/components/ui/cx';

export function Paragraphs({ text, className, testId }: { text: string; className?: string; testId?: string }) {
  return (
    <div className={cx('flex flex-col gap-4 leading-relaxed', className)} data-testid={testId}>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
