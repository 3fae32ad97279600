import type { QueryClient } from '@tanstack/react-query';
import { METRIC_RANGES, type MetricRange } from '@forja/shared/constants';
import {
  traineeBodyScreenSchema,
  traineeTargetsScreenSchema,
  type TraineeBodyScreen,
  type TraineeTargetsScreen,
} from '@forja/shared/schemas/metrics-screens';
import { traineeExpenditureQuery } from '#features/expenditure/expenditure-api';
import { traineeMetricsQuery } from '#features/trainer-client-body/trainer-client-body-api';
import { traineeFileQuery } from '#features/trainer-client-file/trainer-client-file-api';
import { traineeTargetsQuery } from '#features/trainer-client-targets/trainer-client-targets-api';
import { http } from '#lib/http';
import { traineeProposalsQuery } from '#lib/trainee-proposals';
import { put, readScreen } from './-screen-read';

/*
 * The Cuerpo and Objetivos tabs of a trainee's file, each in one read (decision 122), its parts
 * put where their own reads keep them. The file's layout asks for the same read as the tab
 * shown, so both share one request. Null when the parts are to be read one by one.
 */

const screenPath = (traineeId: string, tab: string) =>
  `/screens/trainer-clients/${encodeURIComponent(traineeId)}/${tab}/`;

/**
 * ?months=3: the Cuerpo tab's period, as the tab reads it; none when absent or not one of the
 * periods. For loaders only: a route's own code importing this file would take the data layer
 * into the app's first file.
 */
export function monthsIn(value: unknown): MetricRange | undefined {
  return METRIC_RANGES.find((range) => String(range) === value);
}

/** The file, the metrics of the period and the expenditure, as far as the trainee shares. */
export async function readTraineeBodyScreen(
  queryClient: QueryClient,
  traineeId: string,
  months: MetricRange,
): Promise<TraineeBodyScreen | null> {
  const read = await readScreen(queryClient, ['screens', 'trainee-body', traineeId, months], () =>
    http.get(screenPath(traineeId, 'body'), {
      schema: traineeBodyScreenSchema,
      query: { months: String(months) },
      invalidResponseMessage: 'Ocurrió un error al obtener el cuerpo del cliente',
    }),
  );
  if (!read) return null;
  const { screen, startedAt } = read;
  put(queryClient, traineeFileQuery(traineeId).queryKey, screen.file, startedAt);
  if (screen.metrics) {
    const { queryKey } = traineeMetricsQuery(traineeId, months);
    put(queryClient, queryKey, screen.metrics, startedAt);
  }
  if (screen.expenditure) {
    const { queryKey } = traineeExpenditureQuery(traineeId);
    put(queryClient, queryKey, screen.expenditure, startedAt);
  }
  return screen;
}

/** The file, the targets and the weekly proposals, as far as the trainee shares. */
export async function readTraineeTargetsScreen(
  queryClient: QueryClient,
  traineeId: string,
): Promise<TraineeTargetsScreen | null> {
  const read = await readScreen(queryClient, ['screens', 'trainee-targets', traineeId], () =>
    http.get(screenPath(traineeId, 'targets'), {
      schema: traineeTargetsScreenSchema,
      invalidResponseMessage: 'Ocurrió un error al obtener los objetivos del cliente',
    }),
  );
  if (!read) return null;
  const { screen, startedAt } = read;
  put(queryClient, traineeFileQuery(traineeId).queryKey, screen.file, startedAt);
  if (screen.targets) {
    put(queryClient, traineeTargetsQuery(traineeId).queryKey, screen.targets, startedAt);
  }
  if (screen.proposals) {
    put(queryClient, traineeProposalsQuery(traineeId).queryKey, screen.proposals, startedAt);
  }
  return screen;
}

/** Which of these tabs of a trainee's file the address is, if any. */
export function traineeScreenTab(pathname: string): 'body' | 'targets' | undefined {
  const tab = /^\/trainers\/clients\/[^/]+\/(body|targets)\/?$/.exec(pathname)?.[1];
  return tab === 'body' || tab === 'targets' ? tab : undefined;
}
