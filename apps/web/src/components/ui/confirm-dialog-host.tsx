'use client';
// Renders the global confirmation dialog that is current (spec §2 "Global overlays"): an alert
// dialog that only its two buttons close, each resolving the caller's question with true or false.
// Escape and clicks outside are ignored on purpose (spec: "cannot be dismissed otherwise").
import * as Dialog from '@radix-ui/react-dialog';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useSyncExternalStore } from 'react';
import { buttonClasses } from './button-styles';
import { confirmDialogs, type ConfirmRequest } from './confirm-dialogs';
import { RecurringSwitchList } from './recurring-switch-list';

const keep = (event: Event) => event.preventDefault();

function Body({ request }: { request: ConfirmRequest }) {
  const t = useTranslations('dialogs');
  const locale = useLocale();
  switch (request.kind) {
    case 'address':
      return (
        <>
          <Dialog.Description className="leading-relaxed">{t('address.body')}</Dialog.Description>
          <p className="mt-3 rounded-xl bg-slate-50 p-3 text-sm font-semibold" data-testid="confirm-dialog-address">
            {request.address}
          </p>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-amber-800">
            {request.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      );
    case 'duplicate':
      return <Dialog.Description className="leading-relaxed">{t('duplicate.body')}</Dialog.Description>;
    case 'recurringCardSwitch':
      return (
        <>
          <Dialog.Description className="mb-3 leading-relaxed">{t('recurringCardSwitch.body')}</Dialog.Description>
          <RecurringSwitchList items={request.items} locale={locale} />
        </>
      );
  }
}

export function ConfirmDialogHost() {
  const t = useTranslations('dialogs');
  const current = useSyncExternalStore(confirmDialogs.store.subscribe, confirmDialogs.current, () => undefined);
  useEffect(() => confirmDialogs.attachHost(), []);

  return (
    <Dialog.Root open={current !== undefined}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim/50" />
        {current ? (
          <Dialog.Content
            role="alertdialog"
            data-testid={`confirm-dialog-${current.request.kind}`}
            onEscapeKeyDown={keep}
            onPointerDownOutside={keep}
            onInteractOutside={keep}
            className="fixed left-1/2 top-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
          >
            <Dialog.Title className="mb-3 text-lg font-bold">{t(`${current.request.kind}.title`)}</Dialog.Title>
            <Body request={current.request} />
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <button
                type="button"
                className={buttonClasses({ variant: 'secondary' })}
                onClick={() => confirmDialogs.answer(current.id, false)}
              >
                {t(`${current.request.kind}.cancel`)}
              </button>
              <button type="button" className={buttonClasses()} onClick={() => confirmDialogs.answer(current.id, true)}>
                {t(`${current.request.kind}.confirm`)}
              </button>
            </div>
          </Dialog.Content>
        ) : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
