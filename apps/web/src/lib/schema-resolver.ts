import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver from a shared zod schema. `prepare` turns what the inputs hold
 * (text in number boxes, unticked checkbox groups) into what the schema reads. Each field
 * shows the first message about it.
 */
export function schemaResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
  prepare: (values: Values) => unknown = (values) => values,
): Resolver<Values, unknown, Output> {
  return (values) => {
    const result = schema.safeParse(prepare(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}
