import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';

interface DashboardPageProps {
  /** The h1, also the document title. */
  title: string;
  /** A sentence under the title. */
  lead?: ReactNode;
  /** Controls at the end of the heading row (a link to add something). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One page inside the dashboard drawer: its heading row, then its content. */
export function DashboardPage({ title, lead, actions, children }: DashboardPageProps) {
  useDocumentTitle(title);
  return (
    <section className="flex min-w-0 flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold text-primary sm:text-4xl">{title}</h1>
          {lead && <p className="mt-2 max-w-2xl text-base-content/75">{lead}</p>}
        </div>
        {actions}
      </header>
      {children}
    </section>
  );
}
