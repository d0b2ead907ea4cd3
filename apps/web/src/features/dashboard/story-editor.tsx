'use client';
// The story editor (ADR 036, dashboard campaign/body; reports use it too): Tiptap with headings,
// bold, italic, lists, quotes, links (http, https, mailto) and images uploaded to the campaign.
// What it writes is HTML the API sanitises again before storing; the toolbar's buttons are real
// buttons with their state in aria-pressed, so the editor works by keyboard.
import type { Locale } from '@kifu/domain/enums';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { cx } from '@/components/ui/cx';
import { ImagePicker, Panel, SaveBar, useAutosave, useSave, type SectionProps } from './dashboard-form';

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

export function RichTextEditor({
  id,
  label,
  initial,
  onImage,
  onChange,
}: {
  /** The editor's id; its image input is `${id}-image`. */
  id: string;
  label: string;
  initial: string;
  /** Uploads an image and answers its address; without it there is no image button (activity reports, ADR 068). */
  onImage?: (file: File) => Promise<string>;
  onChange: (html: string) => void;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: false }),
      Link.configure({ openOnClick: false, protocols: ['http', 'https', 'mailto'], isAllowedUri: (url) => SAFE_LINK.test(url) }),
      Image,
    ],
    content: initial,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        class: 'min-h-60 p-4 focus:outline-none',
        'data-testid': id,
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  return (
    <div className="rounded-xl border border-slate-300 focus-within:ring-2 focus-within:ring-brand-500/40">
      {editor ? <Toolbar id={id} label={label} editor={editor} onImage={onImage} /> : null}
      <div className="[&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-bold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_a]:underline [&_img]:max-w-full">
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}

function Toolbar({ id, label, editor, onImage }: { id: string; label: string; editor: Editor; onImage?: (file: File) => Promise<string> }) {
  const t = useTranslations('dashboard.editor');
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      link: current.isActive('link'),
    }),
  });
  const [uploading, setUploading] = useState(false);
  const chain = () => editor.chain().focus();
  const buttons: [keyof typeof state, () => void][] = [
    ['h2', () => chain().toggleHeading({ level: 2 }).run()],
    ['h3', () => chain().toggleHeading({ level: 3 }).run()],
    ['bold', () => chain().toggleBold().run()],
    ['italic', () => chain().toggleItalic().run()],
    ['bullet', () => chain().toggleBulletList().run()],
    ['ordered', () => chain().toggleOrderedList().run()],
    ['quote', () => chain().toggleBlockquote().run()],
    [
      'link',
      () => {
        if (state.link) return void chain().unsetLink().run();
        const url = window.prompt(t('linkPrompt'))?.trim();
        if (url && SAFE_LINK.test(url)) chain().setLink({ href: url }).run();
      },
    ],
  ];
  return (
    <div
      role="toolbar"
      aria-label={`${t('toolbar')}: ${label}`}
      className="flex flex-wrap items-center gap-1 border-b border-slate-200 p-2"
    >
      {buttons.map(([key, run]) => (
        <button
          key={key}
          type="button"
          aria-pressed={state[key]}
          onClick={run}
          className={cx('rounded-md px-2 py-1 text-sm', state[key] ? 'bg-brand-100 font-bold' : 'hover:bg-slate-100')}
          data-testid={`${id}-${key}`}
        >
          {t(key)}
        </button>
      ))}
      <button type="button" onClick={() => chain().undo().run()} className="rounded-md px-2 py-1 text-sm hover:bg-slate-100">
        {t('undo')}
      </button>
      <button type="button" onClick={() => chain().redo().run()} className="rounded-md px-2 py-1 text-sm hover:bg-slate-100">
        {t('redo')}
      </button>
      {onImage ? (
        <ImagePicker
          id={`${id}-image`}
          label={t('image')}
          busy={uploading}
          onPick={(file) => {
            setUploading(true);
            void onImage(file)
              .then((src) => chain().setImage({ src, alt: '' }).run())
              .finally(() => setUploading(false));
          }}
        />
      ) : null}
    </div>
  );
}

export function StoryEditor({ campaign, onUpdated, calls }: SectionProps) {
  const t = useTranslations('dashboard');
  const locale = useLocale() as Locale;
  const [html, setHtml] = useState(campaign.story_html);
  const [htmlEn, setHtmlEn] = useState(campaign.story_html_en ?? '');
  const { busy, status, save } = useSave<void>(async () => {
    const next = await calls.edit(campaign.id, { story_html: html, story_html_en: htmlEn, lang: locale });
    onUpdated(next);
  }, {});
  const { saveNow } = useAutosave([html, htmlEn], save, { enabled: campaign.status === 'draft', busy });
  const onImage = async (file: File) => (await calls.storyImage(campaign.id, file)).url;
  return (
    <Panel title={t('sections.campaign_body')} testId="dashboard-body">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void saveNow();
        }}
        className="flex flex-col gap-6"
      >
        <RichTextEditor id="story-editor" label={t('body.label')} initial={campaign.story_html} onChange={setHtml} onImage={onImage} />
        <RichTextEditor
          id="story-editor-en"
          label={t('body.labelEn')}
          initial={campaign.story_html_en ?? ''}
          onChange={setHtmlEn}
          onImage={onImage}
        />
        <SaveBar label={t('save')} busy={busy} status={status} testId="body-save" />
      </form>
    </Panel>
  );
}
