import type { ConsentArea } from '@forja/shared/constants';
import { CONSENT_AREA_TEXTS } from '../../lib/consent-areas';

/**
 * What a tab of a trainee's file shows when the trainee does not share its area: said
 * plainly, and nothing of that area is asked for.
 */
export function AreaNotShared({ area, name }: { area: ConsentArea; name: string }) {
  const { label, detail } = CONSENT_AREA_TEXTS[area];
  return (
    <div
      role="status"
      className="rounded-xl border border-dashed border-neutral-400 p-6 dark:border-neutral-600"
    >
      <p className="font-semibold">{`${name} no comparte contigo su ${label.toLowerCase()}.`}</p>
      <p className="mt-1 text-neutral-700 dark:text-neutral-300">
        {`Esta área incluye: ${detail.charAt(0).toLowerCase()}${detail.slice(1)} Puede activarla en sus ajustes cuando quiera.`}
      </p>
    </div>
  );
}
