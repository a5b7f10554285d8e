import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export const APP_NAME = 'Puronoboi';

/** "<title> · <brand>": the brand as the reader's language writes it ("Puronoboi", "পুরনো বই"). */
export function pageTitle(title?: string | null, brand: string = APP_NAME): string {
  return title ? `${title} · ${brand}` : brand;
}

/** Sets the browser tab title to "<title> · Puronoboi" while the calling screen is shown, in the reader's language. */
export function useDocumentTitle(title?: string | null): void {
  const { t } = useTranslation();
  const brand = t('app.name');
  useEffect(() => {
    document.title = pageTitle(title, brand);
  }, [title, brand]);
}
