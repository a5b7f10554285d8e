import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  /** Heading level of the title; pages whose own h1 is the message pass 1. */
  level?: 1 | 2;
}

/** A calm, centred message for "nothing here": empty lists and things that do not exist. */
export function EmptyState({ icon, title, children, level = 2 }: EmptyStateProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="mx-auto my-12 flex max-w-xl flex-col items-center gap-4 rounded-box bg-base-200/70 px-6 py-12 text-center">
      {icon && (
        <div className="grid size-14 place-items-center rounded-full bg-base-100 text-primary shadow-soft" aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className="text-2xl font-semibold sm:text-3xl">{title}</Heading>
      {children && <div className="flex flex-col items-center gap-4 text-base-content/75">{children}</div>}
    </div>
  );
}
