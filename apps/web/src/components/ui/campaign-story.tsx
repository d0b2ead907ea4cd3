// A campaign's story on its page and in the dashboard's preview (ADR 036): the editor's HTML as
// the API sanitised it (headings, lists, quotes, links, our own images), or the plain-text story
// of a campaign written before the editor, as paragraphs.
import { Paragraphs } from '@/components/ui/paragraphs';

const STORY_CLASSES = [
  'flex flex-col gap-4 leading-relaxed',
  '[&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-bold',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:text-muted',
  '[&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
].join(' ');

export function CampaignStory({ html, text }: { html: string; text: string }) {
  if (html) {
    // Sanitised by the API (campaigns/manage/story-html.ts) before it was stored.
    return <div className={STORY_CLASSES} data-testid="story-body" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <div data-testid="story-body">
      <Paragraphs text={text} />
    </div>
  );
}
