'use client';
// The global confirmation dialogs (spec §2) on every page, without every page paying for the dialog
// code: this wrapper only registers as the answering host, and loads the real dialog the first time
// a question is asked.
import dynamic from 'next/dynamic';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { confirmDialogs } from './confirm-dialogs';

const ConfirmDialogHost = dynamic(() => import('./confirm-dialog-host').then((module) => module.ConfirmDialogHost), { ssr: false });

export function GlobalConfirmDialogs() {
  const current = useSyncExternalStore(confirmDialogs.store.subscribe, confirmDialogs.current, () => undefined);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => confirmDialogs.attachHost(), []);
  useEffect(() => {
    if (current) setLoaded(true);
  }, [current]);
  return loaded ? <ConfirmDialogHost /> : null;
}
