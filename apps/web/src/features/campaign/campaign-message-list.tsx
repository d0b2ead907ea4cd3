// Supporters' messages (spec §2 /campaign/{id}/message): the name they chose, or 'Anonymous' where
// the API withheld it (a hidden name never reaches the page), when they wrote, and the campaign
// team's reply (ADR 036).
import type { api } from '@kifu/domain';
import { useFormatter, useTranslations } from 'next-intl';

export function CampaignMessageList({ messages, empty }: { messages: api.CampaignMessage[]; empty: string }) {
  const t = useTranslations('campaign');
  const format = useFormatter();
  if (messages.length === 0) return <p className="rounded-xl bg-slate-50 p-6 text-center text-muted">{empty}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {messages.map((message) => (
        <li key={message.id} data-testid="campaign-message" className="rounded-xl border border-slate-200 bg-white p-4">
          <p className="whitespace-pre-line leading-relaxed" data-testid="message-text">
            {message.message}
          </p>
          <p className="mt-2 flex flex-wrap justify-between gap-2 text-sm text-muted">
            <span className="font-semibold text-ink" data-testid="message-name">
              {message.name ?? t('anonymous')}
            </span>
            <time dateTime={message.created_at}>
              {format.dateTime(new Date(message.created_at), { year: 'numeric', month: 'long', day: 'numeric' })}
            </time>
          </p>
          {message.reply ? (
            <div className="mt-3 rounded-lg bg-brand-50 p-3 text-sm" data-testid="message-reply">
              <p className="font-semibold">{t('reply')}</p>
              <p className="mt-1 whitespace-pre-line leading-relaxed">{message.reply}</p>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
