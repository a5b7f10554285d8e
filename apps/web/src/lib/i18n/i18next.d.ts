import 'i18next';
import type { EnglishTexts } from './catalogue';

// Keys are typed from the English catalogues: `t('nav.shop')` type-checks, `t('nav.shpo')` does not; a page's own
// texts are read through `useTranslation('shop')` and so on.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: EnglishTexts;
  }
}
