import type { ReactNode } from 'react';

interface PageHeaderProps {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
}

/** The h1 band at the top of a page. */
export function PageHeader({ eyebrow, title, children }: PageHeaderProps) {
  return (
    <header className="border-b border-base-300/70 bg-base-200/60">
      <div className="container-page py-10 sm:py-14">
        {eyebrow && <p className="section-eyebrow mb-2">{eyebrow}</p>}
        <h1 className="text-3xl font-bold text-primary sm:text-4xl">{title}</h1>
        {children && <div className="mt-3 max-w-2xl text-base-content/75 sm:text-lg">{children}</div>}
      </div>
    </header>
  );
}
