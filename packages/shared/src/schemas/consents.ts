import { z } from 'zod';
import { dateTime } from './common';

/**
 * What the person has agreed to, and since when: the terms and privacy policy at
 * registration, the processing of their health data, and sharing their data with their
 * trainer. A null date means not given (or withdrawn).
 */
export const consentsSchema = z.object({
  terms_version: z.string().nullable(),
  terms_accepted_at: dateTime.nullable(),
  health_data_consent_at: dateTime.nullable(),
  trainer_consent_at: dateTime.nullable(),
  /**
   * The latest consent to process health data given with a weekly check-in still kept
   * (decision 061); withdrawing the health consent deletes the check-ins and clears it.
   */
  check_ins_consent_at: dateTime.nullable(),
});
export type Consents = z.infer<typeof consentsSchema>;
