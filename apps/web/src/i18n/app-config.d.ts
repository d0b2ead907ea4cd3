// Type-safe message keys and locales for useTranslations/getTranslations.
import type messages from '../../messages/ja.json';
import type { routing } from './routing';

declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}
