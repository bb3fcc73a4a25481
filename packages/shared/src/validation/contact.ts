import { z } from 'zod';
import { LIMITS } from '../constants';
import { email } from './common';

/** Contact form (SPEC.md section 5 "Contact", API.md POST /api/contact): one schema for form and route. */
export const CONTACT_NAME_MAX = 100;

export const contactMessage = z
  .object({
    name: z.string().trim().min(1, { error: 'required' }).max(CONTACT_NAME_MAX),
    email,
    message: z.string().trim().min(1, { error: 'required' }).max(LIMITS.contactMessageMax),
  })
  .strict();

export type ContactMessageValues = z.input<typeof contactMessage>;
export type ContactMessage = z.output<typeof contactMessage>;
