import { z } from 'zod';
import { appPath } from './common';

/** Page views plus the named events of SPEC.md section 7; anything else is refused. */
export const ANALYTICS_EVENTS = [
  'page_view',
  'email_verification_resend',
  'email_verification_success',
  'password_reset_request',
  'password_reset_success',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export const ANALYTICS_LIMITS = { maxProperties: 20, keyMax: 40, valueMax: 200 } as const;

/** A small flat object: short keys, short scalar values, no nesting, so a client cannot bloat the table. */
export const analyticsProperties = z
  .record(
    z
      .string()
      .max(ANALYTICS_LIMITS.keyMax)
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, { error: 'invalid_type' }),
    z.union([z.string().max(ANALYTICS_LIMITS.valueMax), z.number(), z.boolean(), z.null()]),
  )
  .refine((value) => Object.keys(value).length <= ANALYTICS_LIMITS.maxProperties, {
    error: 'too_many_fields',
  });

export const analyticsEventInput = z
  .object({
    name: z.enum(ANALYTICS_EVENTS),
    path: appPath,
    properties: analyticsProperties.optional(),
  })
  .strict();
export type AnalyticsEventInput = z.infer<typeof analyticsEventInput>;
