import type { TraineeFile } from '@forja/shared/schemas/trainee-file';
import type { FakeAnswer, FakeCall } from './fake-api';

/** The answer the fake gives a part's own call (undefined: the test leaves it unanswered). */
type Part = (path: string, search?: string) => FakeAnswer | undefined;

const NOT_FOUND: FakeAnswer = {
  status: 404,
  data: { error: 'not found', message: 'Recurso no encontrado' },
};
const ok = (data: unknown): FakeAnswer => ({ status: 200, data });

/** A part the screen shows without: null when refused or unanswered, or the screen's failure. */
function optional(answer: FakeAnswer | undefined): { failure?: FakeAnswer; data: unknown } {
  if (answer && answer.status >= 500) return { failure: answer, data: null };
  return { data: answer?.status === 200 ? answer.data : null };
}

/**
 * Métricas and the file's Cuerpo and Objetivos in one read (decision 122), as the server makes
 * them from what the fake answers each part's own call: a part the screen needs fails it as
 * its own call fails (the web app then reads the parts one by one), a part it shows without is
 * null when refused, and a part the trainee does not share is not read.
 */
export function metricsScreenOf(call: FakeCall, part: Part): FakeAnswer | undefined {
  if (call.path === '/screens/metrics/') {
    const metrics = part('/metrics/', call.search);
    if (metrics?.status !== 200) return metrics ?? NOT_FOUND;
    const expenditure = optional(part('/targets/expenditure/'));
    const history = part('/targets/history/');
    const failure = expenditure.failure ?? (history && history.status >= 500 ? history : null);
    if (failure) return failure;
    return ok({
      metrics: metrics.data,
      expenditure: expenditure.data,
      // None is what the server answers with no changes; a refusal leaves it out.
      target_history: history ? (history.status === 200 ? history.data : null) : [],
    });
  }
  const tab = /^\/screens\/trainer-clients\/([^/]+)\/(body|targets)\/$/.exec(call.path);
  const id = tab?.[1];
  if (!id) return undefined;
  const file = part(`/trainers/trainees/${id}/`);
  if (file?.status !== 200) return file ?? NOT_FOUND;
  const { shares } = file.data as TraineeFile;
  if (tab[2] === 'body') {
    const metrics = shares.body ? part(`/trainers/trainees/${id}/metrics/`, call.search) : null;
    if (metrics && metrics.status !== 200) return metrics;
    if (metrics === undefined) return NOT_FOUND;
    const expenditure = optional(
      shares.body && shares.diary ? part(`/trainers/trainees/${id}/expenditure/`) : undefined,
    );
    if (expenditure.failure) return expenditure.failure;
    return ok({ file: file.data, metrics: metrics?.data ?? null, expenditure: expenditure.data });
  }
  const targets = shares.diary ? part(`/users/${id}/targets/`) : null;
  if (targets && targets.status !== 200) return targets;
  if (targets === undefined) return NOT_FOUND;
  const proposals = optional(
    shares.body && shares.diary ? part(`/trainers/trainees/${id}/proposals/`) : undefined,
  );
  if (proposals.failure) return proposals.failure;
  return ok({ file: file.data, targets: targets?.data ?? null, proposals: proposals.data });
}
