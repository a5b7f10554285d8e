import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LuInfo } from 'react-icons/lu';
import { ErrorState } from '@/components/ui/ErrorState';
import { Spinner } from '@/components/ui/Spinner';
import { usePublicConfig } from '@/lib/api/get-public-config';

/**
 * Shows the sign-in form only when this server can sign people in: a spinner while the run-time configuration
 * loads, a retry if it failed, and a plain note in mode "none". Only the auth pages render it (their texts are loaded).
 */
export function SignInGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const config = usePublicConfig();
  if (config.isPending) return <Spinner className="py-12" />;
  if (config.isError) {
    return (
      <ErrorState
        title={t('gate.unavailable')}
        error={config.error}
        onRetry={() => void config.refetch()}
        retrying={config.isFetching}
      />
    );
  }
  if (config.data.auth.mode === 'none') {
    return (
      <div role="status" className="flex flex-col gap-5">
        <div className="flex items-start gap-3 rounded-box border border-info/25 bg-info/5 p-4">
          <LuInfo className="mt-0.5 size-5 shrink-0 text-info" aria-hidden="true" />
          <p>
            <Trans t={t} i18nKey="gate.notConfigured" components={[<strong key="notice" />]} />
          </p>
        </div>
        <Link to="/shop" className="btn btn-primary">
          {t('gate.browse')}
        </Link>
      </div>
    );
  }
  return children;
}
