import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from '@/lib/use-translation';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Save from 'lucide-react/icons/save';
import type { Language } from '@safqa/shared/constants';
import {
  profileForm,
  type ProfileFormInput,
  type UpdateProfileBody,
  type User,
} from '@safqa/shared/validation/users';
import { AdvisorFields } from '@/components/advisor-fields';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/form-field';
import { Spinner, SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { applyLanguage } from '@/lib/i18n';
import { applyServerFieldErrors, fieldError, useZodForm } from '@/lib/use-zod-form';
import { useUpdateProfile } from '../api/update-profile';
import { Select } from '@/components/ui/select';

const FIELDS = ['username', 'phoneNumber', 'language', 'bio', 'experienceYears', 'businessTypeIds'] as const;

function valuesOf(user: User): ProfileFormInput {
  return {
    username: user.username,
    phoneNumber: user.phoneNumber ?? '',
    language: user.language,
    isAdvisor: user.isAdvisor,
    bio: user.advisor?.bio ?? '',
    experienceYears: user.advisor ? String(user.advisor.experienceYears) : '',
    businessTypeIds: user.advisor?.businessTypes.map((type) => type.id) ?? [],
  };
}

/** Profile, personal info: username, phone, language and the advisor profile (PATCH /api/users/me). */
export function Component() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (user.isPending) return <Spinner />;
  if (user.isError)
    return <Alert variant="error">{serverMessage(user.error) ?? t('users.personal.loadFailed')}</Alert>;
  return <PersonalInfoForm key={user.data.id} user={user.data} />;
}

function PersonalInfoForm({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const form = useZodForm(profileForm, { defaultValues: valuesOf(user) });
  const [failure, setFailure] = useState<string | null>(null);
  const errors = form.formState.errors;
  const pending = update.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const body: UpdateProfileBody = {
      username: values.username,
      phoneNumber: values.phoneNumber ?? null,
      language: values.language,
      isAdvisor: values.isAdvisor === true,
      ...(values.isAdvisor
        ? {
            bio: values.bio,
            experienceYears: values.experienceYears,
            businessTypeIds: values.businessTypeIds,
          }
        : {}),
    };
    try {
      const saved = await update.mutateAsync(body);
      form.reset(valuesOf(saved));
      // The account's language becomes the page's first, so the toast speaks the page's new language
      // (i18n.t: this render's `t` is bound to the old one).
      if (saved.language !== i18n.language) await applyLanguage(saved.language as Language);
      toast({ title: i18n.t('users.personal.saved') });
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
      setFailure(serverMessage(error) ?? t('auth.shared.unexpected'));
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
        <div>
          <h2 className="text-xl font-bold text-slate-900 dark:text-white">{t('users.personal.title')}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('users.personal.intro')}</p>
        </div>
        {failure ? (
          <Alert variant="error" title={t('users.personal.failed')}>
            {failure}
          </Alert>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={t('users.personal.username')}
            error={fieldError(errors.username?.message, i18n.language)}
          >
            {(control) => <Input {...control} autoComplete="username" {...form.register('username')} />}
          </Field>
          <Field
            label={t('users.personal.email')}
            hint={
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                {user.emailVerified ? (
                  <span className="inline-flex items-center gap-1 font-semibold text-emerald-800 dark:text-emerald-300">
                    <BadgeCheck aria-hidden="true" className="size-4" />
                    {t('users.personal.verified')}
                  </span>
                ) : null}
                {t('users.personal.emailHint')}
              </span>
            }
          >
            {(control) => (
              <Input
                {...control}
                value={user.email}
                readOnly
                dir="ltr"
                className="bg-slate-50 text-start dark:bg-slate-800"
              />
            )}
          </Field>
          <Field
            label={t('users.personal.phone')}
            hint={t('users.personal.phoneHint')}
            error={fieldError(errors.phoneNumber?.message, i18n.language)}
          >
            {(control) => (
              <Input
                {...control}
                type="tel"
                dir="ltr"
                inputMode="tel"
                autoComplete="tel"
                className="text-start"
                {...form.register('phoneNumber')}
              />
            )}
          </Field>
          <Field
            label={t('users.personal.language')}
            error={fieldError(errors.language?.message, i18n.language)}
          >
            {(control) => (
              <Select {...control} {...form.register('language')}>
                <option value="ar" lang="ar">
                  {t('users.personal.languages.ar')}
                </option>
                <option value="en" lang="en">
                  {t('users.personal.languages.en')}
                </option>
              </Select>
            )}
          </Field>
        </div>
        <AdvisorFields />
        <div>
          <Button
            type="submit"
            size="lg"
            disabled={pending}
            aria-busy={pending || undefined}
            className="w-full sm:w-auto"
          >
            {pending ? <SpinnerIcon className="size-5" /> : <Save aria-hidden="true" className="size-5" />}
            {pending ? t('users.personal.saving') : t('users.personal.save')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
