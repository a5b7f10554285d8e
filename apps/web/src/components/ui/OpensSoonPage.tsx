import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuHammer } from 'react-icons/lu';
import { useDocumentTitle } from '@/lib/use-document-title';

interface OpensSoonPageProps {
  title: string;
  /** What the page will hold, in a sentence. */
  children: ReactNode;
}

/** A dashboard page whose feature has not shipped yet: its heading and an honest note, not a fake table. */
export function OpensSoonPage({ title, children }: OpensSoonPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold text-primary sm:text-4xl">{title}</h1>
      <div className="flex items-start gap-4 rounded-box border border-dashed border-base-300 bg-base-200/60 p-6">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-base-100 text-secondary shadow-soft" aria-hidden="true">
          <LuHammer className="size-5" />
        </span>
        <div className="flex flex-col gap-1">
          <p className="font-semibold">{t('opensSoon.text')}</p>
          <p className="text-base-content/75">{children}</p>
        </div>
      </div>
    </section>
  );
}
