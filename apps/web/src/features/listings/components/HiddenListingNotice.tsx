import { Trans, useTranslation } from 'react-i18next';
import { LuEyeOff } from 'react-icons/lu';
import type { ReportReasonDto } from '@bindings/ReportReasonDto';
import { SUPPORT_EMAIL } from '@/lib/support';

/**
 * Under a hidden listing's status in My Products: why it is off the shop ("Hidden: reported as counterfeit."), that
 * the team will review it, and where to write if it is wrong. The seller is not told who reported it, nor how many.
 */
export function HiddenListingNotice({ reason }: { reason: ReportReasonDto | null }) {
  const { t } = useTranslation('reports');
  return (
    <span role="note" className="mt-1 flex w-full items-start gap-2 rounded-field border border-error/25 bg-error/5 px-2.5 py-2 text-sm text-base-content">
      <LuEyeOff className="mt-0.5 size-4 shrink-0 text-error" aria-hidden="true" />
      <span>
        <Trans
          t={t}
          i18nKey="hiddenNotice.text"
          values={{ reason: t(`hiddenNotice.reasons.${reason ?? 'other'}`) }}
          components={[<a key="support" href={`mailto:${SUPPORT_EMAIL}`} className="link font-medium" />]}
        />
      </span>
    </span>
  );
}
