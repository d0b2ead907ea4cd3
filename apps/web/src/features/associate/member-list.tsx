// The associate's public team (spec §2 /associate/{uid}/member): photo, name, role and a word from each.
import type { api } from '@kifu/domain';
import { useTranslations } from 'next-intl';

export function MemberList({ members }: { members: readonly api.AssociateDetail['members'][number][] }) {
  const t = useTranslations('associatePages.members');
  if (members.length === 0) return <p className="rounded-xl bg-slate-50 p-8 text-center text-muted">{t('empty')}</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {members.map((member) => (
        <li
          key={member.id}
          className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          data-testid="associate-member"
        >
          <img
            src={member.image_url}
            alt=""
            width={80}
            height={80}
            loading="lazy"
            className="size-16 shrink-0 rounded-full bg-slate-100 object-cover sm:size-20"
          />
          <div className="min-w-0">
            {member.role ? <p className="text-xs font-semibold text-brand-700">{member.role}</p> : null}
            <h3 className="font-bold" data-testid="associate-member-name">
              {member.name}
            </h3>
            {member.comment ? <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-muted">{member.comment}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
