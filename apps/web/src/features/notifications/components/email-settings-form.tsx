import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { NotificationSettings } from '@safqa/shared/validation/notifications';
import { ErrorState, RowsSkeleton } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';

type EmailKey = keyof NotificationSettings['email'];
// `accessRequests` (API.md) belongs to the data room, which does not exist yet: no switch for it until it does.
const KEYS: EmailKey[] = ['offers', 'chat', 'moderation', 'savedSearches'];

/** One checkbox per notification type: whether it also sends an email. */
export function EmailSettingsForm() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const save = useUpdateNotificationSettings();
  // Edits on top of what the server holds; null until the user changes something.
  const [draft, setDraft] = useState<NotificationSettings['email'] | null>(null);
  const values = draft ?? settings.data?.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    save.mutate(
      { email: values },
      {
        onSuccess: () => {
          setDraft(null);
          toast({ title: t('notifications.settings.saved') });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('notifications.settings.failed'),
            description: serverMessage(error) ?? undefined,
          }),
      },
    );
  };

  return (
    <section
      aria-labelledby="email-settings-title"
      className="border-t border-slate-200 pt-8 dark:border-slate-800"
    >
      <h2 id="email-settings-title" className="text-xl font-bold text-slate-900 dark:text-white">
        {t('notifications.settings.title')}
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('notifications.settings.intro')}</p>
      {settings.isPending ? (
        <RowsSkeleton rows={2} />
      ) : settings.isError || !values ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <form onSubmit={submit} className="mt-5 grid gap-4">
          <fieldset className="grid gap-3">
            <legend className="sr-only">{t('notifications.settings.title')}</legend>
            {KEYS.map((key) => (
              <label key={key} className="flex items-start gap-3 text-sm text-slate-800 dark:text-slate-200">
                <input
                  type="checkbox"
                  name={key}
                  checked={values[key]}
                  onChange={(event) => setDraft({ ...values, [key]: event.target.checked })}
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                />
                <span>{t(`notifications.settings.${key}`)}</span>
              </label>
            ))}
          </fieldset>
          <div>
            <Button
              type="submit"
              disabled={save.isPending || draft === null}
              aria-busy={save.isPending || undefined}
            >
              {t('notifications.settings.save')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
