// The development mailbox: every mail the SMTP listener accepts, newest first, kept in memory and
// bounded (a long `npm start` session must not grow without end).
import { randomUUID } from 'node:crypto';

export const MAILBOX_LIMIT = 500;

export interface StoredMail {
  id: string;
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
  /** When the sandbox received it. */
  date: string;
  headers: Record<string, string>;
}

export class MailboxStore {
  private mails: StoredMail[] = [];

  add(mail: Omit<StoredMail, 'id'>): StoredMail {
    const stored = { id: randomUUID(), ...mail };
    this.mails.unshift(stored);
    this.mails.length = Math.min(this.mails.length, MAILBOX_LIMIT);
    return stored;
  }

  /** Newest first; `to` narrows to one recipient (case-insensitive). */
  list(to?: string): StoredMail[] {
    const wanted = to?.trim().toLowerCase();
    return wanted ? this.mails.filter((mail) => mail.to.includes(wanted)) : [...this.mails];
  }

  find(id: string): StoredMail | undefined {
    return this.mails.find((mail) => mail.id === id);
  }

  clear(): void {
    this.mails = [];
  }
}
