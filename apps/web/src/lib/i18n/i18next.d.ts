import 'i18next';
import type { en } from './catalogue-en';

// Keys are typed from the English catalogue: `t('nav.shop')` type-checks, `t('nav.shpo')` does not.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
