import { lazy, Suspense, useState } from 'react';
import { formatNumber } from '#lib/numbers';
import { proposalButton as button, type EditedApproval } from './approval';
import { Button } from '#components/ui/button';

const EditApproval = lazy(() => import('./edit-approval'));

interface ProposalReviewProps {
  /** The energy proposed: what one tap approves. */
  proposedKcal: number;
  /** What the buttons are about, for screen readers (the card's text). */
  describedBy?: string;
  /** While a decision is on its way. */
  busy?: boolean;
  onApprove: () => void;
  onReject: () => void;
  /**
   * Approves another energy; the promise fails with the server's error. Below the trainee's
   * floor the server asks for a confirmation, which these controls then offer.
   */
  onApproveEdited: (approval: EditedApproval) => Promise<unknown>;
}

/**
 * A trainer's decision on a weekly proposal of a new energy target: approve it in one tap,
 * approve another energy, or reject it. The same in Hoy and in a trainee's Objetivos.
 */
export function ProposalReview({
  proposedKcal,
  describedBy,
  busy = false,
  onApprove,
  onReject,
  onApproveEdited,
}: ProposalReviewProps) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <Suspense fallback={null}>
        <EditApproval
          proposedKcal={proposedKcal}
          onApproveEdited={onApproveEdited}
          onCancel={() => {
            setEditing(false);
          }}
        />
      </Suspense>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="primary"
        disabled={busy}
        aria-describedby={describedBy}
        onClick={onApprove}
        className={`${button} w-full sm:w-auto`}
      >
        {`Aprobar ${formatNumber(proposedKcal)} kcal`}
      </Button>
      <Button
        disabled={busy}
        aria-describedby={describedBy}
        onClick={() => {
          setEditing(true);
        }}
        className={`${button} flex-1 sm:flex-none`}
      >
        Editar
      </Button>
      <Button
        disabled={busy}
        aria-describedby={describedBy}
        onClick={onReject}
        className={`${button} flex-1 sm:flex-none`}
      >
        Rechazar
      </Button>
    </div>
  );
}
