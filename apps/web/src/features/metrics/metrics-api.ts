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
import { http } from '../../lib/http';

export function metricsQuery(months: MetricRange) {
  return queryOptions({
    queryKey: ['metrics', months],
    queryFn: () =>
      http.get('/metrics/', { schema: metricsSchema, query: { months: String(months) } }),
  });
}

export const saveWeight = (date: string, weightKg: number) =>
  http.put(`/metrics/weights/${date}/`, {
    schema: weightEntrySchema,
    body: { weight_kg: weightKg },
  });

export const deleteWeight = (date: string) =>
  http.delete(`/metrics/weights/${date}/`, { schema: noticeSchema });

export const saveMeasurement = (date: string, input: MeasurementInput) =>
  http.put(`/metrics/measurements/${date}/`, { schema: measurementSchema, body: input });

export const deleteMeasurement = (date: string) =>
  http.delete(`/metrics/measurements/${date}/`, { schema: noticeSchema });

export const fetchExport = (format: CsvExportFormat) =>
  http.get('/metrics/export/', { schema: csvExportSchema, query: { format } });
