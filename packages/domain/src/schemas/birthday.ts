// Birthday block (spec §3 "User profile", §5 "Card": birth year exactly 4 characters, month 1 to 12,
// day 1 to 31). An empty part gives 'validate.required' ("All fields are required.", spec §8); a
// day that does not exist in that month (2月30日) is reported on the day as 'validate.date'.
import { z } from 'zod';
import { isCalendarDate } from '../calendar';
import { normaliseDigits } from '../normalise';

const part = z.union([z.string(), z.number()], { error: 'validate.required' }).transform((value) => normaliseDigits(String(value)));

function boundedPart(rule: 'validate.month' | 'validate.date', max: number) {
  return part.transform((value, ctx) => {
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: 'validate.required' });
      return z.NEVER;
    }
    const number = /^\d{1,2}$/.test(value) ? Number(value) : Number.NaN;
    if (!(number >= 1 && number <= max)) {
      ctx.addIssue({ code: 'custom', message: rule });
      return z.NEVER;
    }
    return number;
  });
}

const year = part.transform((value, ctx) => {
  if (value === '') {
    ctx.addIssue({ code: 'custom', message: 'validate.required' });
    return z.NEVER;
  }
  if (!/^\d{4}$/.test(value)) {
    ctx.addIssue({ code: 'custom', message: 'validate.year' });
    return z.NEVER;
  }
  return Number(value);
});

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

export interface BirthdayParts {
  year: number;
  month: number;
  date: number;
}

/** "YYYY-MM-DD", the form the API stores (spec §3 `birthday.asString`). */
export function birthdayAsString({ year, month, date }: BirthdayParts): string {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(date)}`;
}

/** The form's parts of a stored "YYYY-MM-DD" birthday, or undefined when it is not one. */
export function birthdayPartsOf(asString: string): { year: string; month: string; date: string } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(asString);
  if (!match) return undefined;
  const [, y = '', m = '', d = ''] = match;
  if (!isCalendarDate(Number(y), Number(m), Number(d))) return undefined;
  return { year: y, month: String(Number(m)), date: String(Number(d)) };
}

export const birthdaySchema = z
  .object({ year, month: boundedPart('validate.month', 12), date: boundedPart('validate.date', 31) }, { error: 'validate.required' })
  .superRefine((value, ctx) => {
    // Refinements also run when a part already failed; only a complete birthday is a calendar question.
    if (ctx.issues.length > 0) return;
    if (!isCalendarDate(value.year, value.month, value.date)) ctx.addIssue({ code: 'custom', message: 'validate.date', path: ['date'] });
  })
  .transform((value) => ({ ...value, asString: birthdayAsString(value) }));

export type BirthdayInput = z.input<typeof birthdaySchema>;
export type Birthday = z.output<typeof birthdaySchema>;
