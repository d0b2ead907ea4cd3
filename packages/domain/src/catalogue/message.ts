// Every user-facing sentence exists in both languages of spec §1 (ja default, en). Templates use
// {name} placeholders so word order can differ between the languages.
import type { Locale } from '../enums';

export interface LocalisedMessage {
  ja: string;
  en: string;
}

export type MessageParams = Record<string, string | number>;

/** Fills {name} placeholders; a placeholder without a value is left visible rather than hidden. */
export function formatMessage(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    return value === undefined ? placeholder : String(value);
  });
}

export function localise(message: LocalisedMessage, locale: Locale, params?: MessageParams): string {
  return formatMessage(message[locale], params);
}
