import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { lookup, password, saudiPhone } from './common';
import { advisorFields, checkAdvisor, username } from './auth';

/** The signed-in user's own record (API.md "Users"). */
export const userResponse = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  role: z.enum(['owner', 'admin']),
  isAdvisor: z.boolean(),
  advisor: z
    .object({
      bio: z.string(),
      experienceYears: z.number().int(),
      businessTypes: z.array(lookup),
    })
    .nullable(),
  emailVerified: z.boolean(),
  /** An admin approved the user's proof of funds or identity (API.md "Trust and safety"). */
  buyerVerified: z.boolean(),
  language: z.enum(LANGUAGES),
  /** API.md "Trust and safety": suspended by an admin. */
  status: z.enum(['active', 'suspended']),
  createdAt: z.string(),
});
export type User = z.infer<typeof userResponse>;

/** An empty phone clears it (null); anything else must be a Saudi mobile. */
const clearablePhone = z.preprocess(
  (value) => (value === '' ? null : value),
  saudiPhone.nullable().optional(),
);

const profileFields = {
  username: username.optional(),
  phoneNumber: clearablePhone,
  language: z.enum(LANGUAGES).optional(),
  ...advisorFields,
};

/**
 * PATCH /api/users/me: every field optional. When isAdvisor is sent as true the three advisor fields
 * are checked together; an advisor editing one of them alone is checked against the stored others
 * by the server. `role`, `email` or any unknown field is a 400.
 */
export const updateProfileBody = z.object(profileFields).strict().superRefine(checkAdvisor);
export type UpdateProfileBody = z.output<typeof updateProfileBody>;

/** The personal-info form sends every field, so it checks them all. */
export const profileForm = z
  .object({ ...profileFields, username: username, language: z.enum(LANGUAGES) })
  .superRefine(checkAdvisor);
export type ProfileFormInput = z.input<typeof profileForm>;
export type ProfileFormValues = z.output<typeof profileForm>;

export const changePasswordBody = z
  .object({
    currentPassword: z.string().min(1, { error: 'required' }).max(1024),
    newPassword: password,
  })
  .strict();
export type ChangePasswordBody = z.output<typeof changePasswordBody>;
