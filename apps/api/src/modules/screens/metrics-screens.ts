import type { Expenditure } from '@forja/shared/schemas/expenditure';
import type { Metrics, MetricRange } from '@forja/shared/schemas/metrics';
import type {
  MetricsScreen,
  TraineeBodyScreen,
  TraineeTargetsScreen,
} from '@forja/shared/schemas/metrics-screens';
import type { TargetProposals } from '@forja/shared/schemas/target-proposals';
import type { TraineeTargets } from '@forja/shared/schemas/targets';
import type { TraineeFile } from '@forja/shared/schemas/trainee-file';
import { AppError } from '#http/app-error';
import type { Principal } from '#http/authentication';
import type { RouteDeps } from '#http/route-deps';
import { TRAINER_ANSWERS } from '#security/consent-answers';
import { forTrainer, sharesOfTrainees } from '#security/consent-table';
import { getTraineeFile } from '../coaching/coaching.service';
import { getMetrics, getTraineeMetrics } from '../metrics/metrics.service';
import { getExpenditure, getTraineeExpenditure } from '../targets/expenditure.service';
import { getTraineeProposals } from '../targets/proposals.service';
import { getTraineeTargets, targetHistory } from '../targets/targets.service';

export type MetricsScreensDeps = Pick<RouteDeps, 'db' | 'clock' | 'objects'>;

/** A refusal of the API (a 4xx) leaves the part out, as the screen does with its own call. */
function refusedAsNull<T>(read: Promise<T>): Promise<T | null> {
  return read.catch((error: unknown) => {
    if (error instanceof AppError && error.status < 500) return null;
    throw error;
  });
}

/**
 * Métricas in one answer (decision 122): the metrics over the period, the expenditure and the
 * changes of the targets, each from the service behind its own call, together. The last two
 * are left out when their call is refused (no targets yet), as the screen shows without them.
 */
export async function metricsScreen(
  deps: MetricsScreensDeps,
  userId: string,
  months: MetricRange,
): Promise<MetricsScreen> {
  const [metrics, expenditure, history] = await Promise.all([
    getMetrics(deps, userId, months),
    refusedAsNull(getExpenditure(deps, userId)),
    refusedAsNull(targetHistory(deps.db, userId)),
  ]);
  return { metrics, expenditure, target_history: history };
}

/**
 * The Cuerpo tab of a trainee's file in one answer: the file, then, together, the metrics when
 * the trainee shares the body and the expenditure when they share the body and the diary
 * (left out when its call is refused), each from the service behind its own call and held to
 * the consent table as that call's answer is (decision 096).
 */
export async function traineeBodyScreen(
  deps: MetricsScreensDeps,
  principal: Principal,
  traineeId: string,
  months: MetricRange,
): Promise<TraineeBodyScreen> {
  const file = await getTraineeFile(deps, principal, traineeId);
  const { body, diary } = file.shares;
  const [metrics, expenditure] = await Promise.all([
    body ? getTraineeMetrics(deps, principal.userId, traineeId, months) : null,
    body && diary ? refusedAsNull(getTraineeExpenditure(deps, principal.userId, traineeId)) : null,
  ]);
  const sharesOf = await sharesOfTrainees(deps.db, principal.userId);
  return {
    file: forTrainer(TRAINER_ANSWERS.traineeFile, sharesOf, traineeId, file) as TraineeFile,
    metrics:
      metrics && (forTrainer(TRAINER_ANSWERS.metrics, sharesOf, traineeId, metrics) as Metrics),
    expenditure:
      expenditure &&
      (forTrainer(TRAINER_ANSWERS.expenditure, sharesOf, traineeId, expenditure) as Expenditure),
  };
}

/**
 * The Objetivos tab of a trainee's file in one answer: the file, then, together, the targets
 * when the trainee shares the diary and the weekly proposals when they share the body and the
 * diary (left out when their call is refused), each from the service behind its own call and
 * held to the consent table as that call's answer is.
 */
export async function traineeTargetsScreen(
  deps: MetricsScreensDeps,
  principal: Principal,
  traineeId: string,
): Promise<TraineeTargetsScreen> {
  const file = await getTraineeFile(deps, principal, traineeId);
  const { body, diary } = file.shares;
  const [targets, proposals] = await Promise.all([
    diary ? getTraineeTargets(deps, principal, traineeId) : null,
    body && diary ? refusedAsNull(getTraineeProposals(deps, principal.userId, traineeId)) : null,
  ]);
  const sharesOf = await sharesOfTrainees(deps.db, principal.userId);
  return {
    file: forTrainer(TRAINER_ANSWERS.traineeFile, sharesOf, traineeId, file) as TraineeFile,
    targets:
      targets &&
      (forTrainer(TRAINER_ANSWERS.traineeTargets, sharesOf, traineeId, targets) as TraineeTargets),
    proposals:
      proposals &&
      (forTrainer(TRAINER_ANSWERS.proposals, sharesOf, traineeId, proposals) as TargetProposals),
  };
}
