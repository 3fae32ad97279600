import { queryOptions } from '@tanstack/react-query';
import { noticeSchema } from '@forja/shared/schemas/envelope';
import {
  csvExportSchema,
  type CsvExportFormat,
  measurementSchema,
  metricsSchema,
  weightEntrySchema,
  type MeasurementInput,
  type MetricRange,
} from '@forja/shared/schemas/metrics';
import { http } from '#lib/http';
import { offlineWrite, readAfterWrites } from '#lib/offline/offline';

export function metricsQuery(months: MetricRange) {
  return queryOptions({
    queryKey: ['metrics', months],
    queryFn: (context) =>
      readAfterWrites(context, () =>
        http.get('/metrics/', { schema: metricsSchema, query: { months: String(months) } }),
      ),
  });
}

/*
 * A day's weight and measurements go through the outbox (decision 077): kept on the device
 * with their Idempotency-Key and sent in order; the latest value of a day wins, and a
 * deletion wins over a value not sent yet.
 */

export const saveWeight = (date: string, weightKg: number) =>
  offlineWrite(
    {
      method: 'PUT',
      path: `/metrics/weights/${date}/`,
      body: { weight_kg: weightKg },
      op: 'replace',
      target: `weight:${date}`,
      label: 'el peso del día',
      dates: [],
    },
    weightEntrySchema,
  );

export const deleteWeight = (date: string) =>
  offlineWrite(
    {
      method: 'DELETE',
      path: `/metrics/weights/${date}/`,
      op: 'delete',
      target: `weight:${date}`,
      label: 'el borrado del peso',
      dates: [],
    },
    noticeSchema,
  );

export const saveMeasurement = (date: string, input: MeasurementInput) =>
  offlineWrite(
    {
      method: 'PUT',
      path: `/metrics/measurements/${date}/`,
      body: { ...input },
      op: 'replace',
      target: `measurements:${date}`,
      label: 'las medidas del día',
      dates: [],
    },
    measurementSchema,
  );

export const deleteMeasurement = (date: string) =>
  offlineWrite(
    {
      method: 'DELETE',
      path: `/metrics/measurements/${date}/`,
      op: 'delete',
      target: `measurements:${date}`,
      label: 'el borrado de las medidas',
      dates: [],
    },
    noticeSchema,
  );

export const fetchExport = (format: CsvExportFormat) =>
  http.get('/metrics/export/', { schema: csvExportSchema, query: { format } });
