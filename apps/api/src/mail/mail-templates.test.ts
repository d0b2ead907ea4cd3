import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES, renderMail, type MailTemplate } from './mail-templates';

/** Every placeholder a template uses, with a value. */
const VALUES: Record<string, string> = {
  name: '山田 花子',
  amount: '3,000円',
  associate: 'こども食堂ネットワークみらい',
  bank: 'サンドボックス銀行',
  branch: '本店',
  accountType: '普通',
  accountNumber: '1234567',
  holder: 'キフ',
  deadline: '2026年12月1日',
  email: 'hanako@example.com',
  link: 'http://localhost:3000/password-recovery?code=abc',
  expiresInMinutes: '60',
  expiresInHours: '72',
  newEmail: 'new@example.com',
  reason: 'Insufficient funds',
  chargeOn: '2026-12-05',
  card: 'Visa •••• 4242 (11/2026)',
  supporter: 'Hanako Yamada',
  refunded: '1,000円',
  why: 'more than the donation',
  campaign: 'Winter meals',
  report: 'December report',
  comment: 'Please give the shipping month.',
  role: 'Staff',
  inviter: 'hanako@kifu.example',
  days: '7',
  date: '2026-11-01',
  how: 'The money goes back to your card.',
  receipt: '',
  old: 'K1-2026-00001',
  number: 'K1-2026-00002',
  fundraiser: 'Sakura',
  month: '2026-10',
  account: 'Sandbox Bank, Main branch, ****321',
  by: 'yumi@kifu.example',
  at: '2026-11-28 10:00 (JST)',
};

describe('mail templates', () => {
  const templates = Object.keys(MAIL_TEMPLATES) as MailTemplate[];

  it.each(templates)('%s exists in ja and en, with a subject and a text that fill every placeholder', (template) => {
    for (const locale of ['ja', 'en'] as const) {
      const { subject, text } = renderMail(template, locale, VALUES);
      expect(subject.length).toBeGreaterThan(0);
      expect(text).not.toMatch(/\{\{/);
      // ja is written in Japanese, en in English.
      expect(
        /[\u3040-\u30ff\u4e00-\u9fff]/.test(
          text.replace(/山田 花子|こども食堂ネットワークみらい|サンドボックス銀行|本店|普通|キフ|2026年12月1日|3,000円|1,000円/g, ''),
        ),
      ).toBe(locale === 'ja');
    }
  });

  it('words the first month of a monthly gift and an annual membership apart from a single gift', () => {
    expect(renderMail('donation-thanks-monthly', 'ja', VALUES).text).toContain('毎月3,000円');
    expect(renderMail('donation-thanks-annual', 'en', VALUES).text).toContain('annual fee of 3,000円');
    expect(renderMail('bank-transfer-instructions', 'en', VALUES).text).toContain('Deadline: 2026年12月1日');
  });

  it('leaves a placeholder without a value visible rather than blank', () => {
    expect(renderMail('welcome', 'en', {}).text).toContain('{{email}}');
  });
});
