import { describe, expect, it } from 'vitest';
import { loginBody, registerForm, signupBody } from './auth';
import { changePasswordBody, updateProfileBody } from './users';

const owner = { username: 'سارة', email: 'Sara@Example.com ', password: 'Str0ng!Pass', recaptchaToken: 't' };
/** The first issue of each field, as the API's error body and the forms show them. */
function issues(result: { error?: { issues: { path: PropertyKey[]; message: string; code: string }[] } }) {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join('.') || i.code] ??= i.message;
  return out;
}

describe('signupBody', () => {
  it('accepts an owner, trims and lower-cases the email, and normalises a Saudi phone', () => {
    const parsed = signupBody.parse({ ...owner, role: 'owner', phoneNumber: '05 5123 4567' });
    expect(parsed).toMatchObject({ email: 'sara@example.com', phoneNumber: '966551234567', role: 'owner' });
  });

  it('treats an empty phone as absent', () => {
    expect(signupBody.parse({ ...owner, phoneNumber: '' }).phoneNumber).toBeUndefined();
  });

  it('refuses role admin and unknown fields', () => {
    expect(signupBody.safeParse({ ...owner, role: 'admin' }).success).toBe(false);
    const unknown = signupBody.safeParse({ ...owner, isAdmin: true });
    expect(unknown.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('requires the three advisor fields only when isAdvisor is true', () => {
    expect(signupBody.safeParse({ ...owner, isAdvisor: false }).success).toBe(true);
    expect(issues(signupBody.safeParse({ ...owner, isAdvisor: true }))).toEqual({
      bio: 'required',
      experienceYears: 'required',
      businessTypeIds: 'business_types_required',
    });
    expect(
      issues(
        signupBody.safeParse({
          ...owner,
          isAdvisor: true,
          bio: 'short',
          experienceYears: 2,
          businessTypeIds: [4],
        }),
      ),
    ).toEqual({
      bio: 'bio_min',
    });
    const zeroYears = signupBody.safeParse({
      ...owner,
      isAdvisor: true,
      bio: 'long enough bio',
      experienceYears: 0,
      businessTypeIds: [4],
    });
    expect(Object.keys(issues(zeroYears))).toEqual(['experienceYears']);
  });

  it('gives the first failing password rule', () => {
    expect(issues(signupBody.safeParse({ ...owner, password: 'short' })).password).toBe('password_min');
    expect(issues(signupBody.safeParse({ ...owner, password: 'NOLOWER1!' })).password).toBe(
      'password_lowercase',
    );
    expect(issues(signupBody.safeParse({ ...owner, password: 'NoDigits!!' })).password).toBe(
      'password_digit',
    );
    expect(issues(signupBody.safeParse({ ...owner, password: 'NoSpecial12' })).password).toBe(
      'password_special',
    );
  });
});

describe('registerForm', () => {
  it('takes blank form inputs for the advisor fields as absent', () => {
    const form = {
      username: 'سارة',
      email: 'a@b.co',
      phoneNumber: '',
      password: 'Str0ng!Pass',
      isAdvisor: false,
      bio: '',
      experienceYears: '',
      businessTypeIds: [],
    };
    expect(registerForm.safeParse(form).success).toBe(true);
    expect(
      registerForm.parse({
        ...form,
        isAdvisor: true,
        bio: 'ten chars!!',
        experienceYears: '3',
        businessTypeIds: [4],
      }).experienceYears,
    ).toBe(3);
  });
});

describe('loginBody', () => {
  it('needs email and password but does not apply the new-password rules', () => {
    expect(loginBody.safeParse({ email: 'a@b.co', password: 'old', recaptchaToken: 't' }).success).toBe(true);
    expect(issues(loginBody.safeParse({ email: '', password: '' }))).toEqual({
      email: 'required',
      password: 'required',
    });
  });
});

describe('updateProfileBody and changePasswordBody', () => {
  it('clears the phone with an empty string and refuses role or email', () => {
    expect(updateProfileBody.parse({ phoneNumber: '' }).phoneNumber).toBeNull();
    expect(updateProfileBody.safeParse({ role: 'admin' }).success).toBe(false);
    expect(updateProfileBody.safeParse({ email: 'x@y.z' }).success).toBe(false);
  });

  it('requires both passwords', () => {
    expect(issues(changePasswordBody.safeParse({ currentPassword: '', newPassword: 'Str0ng!Pass' }))).toEqual(
      {
        currentPassword: 'required',
      },
    );
  });
});
