import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LuFlag, LuHouse } from '@/components/ui/icons';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { useDocumentTitle } from '@/lib/use-document-title';
import { loadToaster } from '@/lib/toaster';

/** Thanks the visitor (spec's words) in the language on screen when they press Report Problem. */
function thank(): void {
  const message = i18next.t('notFound.thanks');
  void loadToaster().then(({ toast }) => toast.success(message, { id: 'report-problem' }));
}

/** Any path the app does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="container-page flex flex-col items-center py-16 text-center sm:py-24">
      <p className="font-serif text-8xl font-bold text-secondary sm:text-9xl" aria-hidden="true">
        {formatNumber(404, language)}
      </p>
      <h1 className="mt-4 text-3xl font-bold text-primary sm:text-4xl">{t('notFound.heading')}</h1>
      <p className="mt-3 max-w-md text-base-content/75">{t('notFound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/home" className="btn btn-primary">
          <LuHouse className="size-4" aria-hidden="true" />
          {t('notFound.home')}
        </Link>
        <button type="button" className="btn btn-outline btn-secondary" onClick={thank}>
          <LuFlag className="size-4" aria-hidden="true" />
          {t('notFound.report')}
        </button>
      </div>
    </div>
  );
}
