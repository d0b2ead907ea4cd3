// Paragraphs and lists of the long-form pages (document.ts), in the site's reading style.
import type { Block } from './document';

export function DocumentBlocks({ blocks }: { blocks: readonly Block[] }) {
  return (
    <div className="space-y-3 leading-relaxed text-ink">
      {blocks.map((block, index) => {
        if (typeof block === 'string') return <p key={index}>{block}</p>;
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={index} className={block.ordered ? 'list-decimal space-y-1.5 pl-6' : 'list-disc space-y-1.5 pl-6'}>
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
