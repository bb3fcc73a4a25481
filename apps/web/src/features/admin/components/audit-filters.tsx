import { useState, type FormEvent } from 'react';
import Filter from 'lucide-react/icons/filter';
import { Button } from '@/components/ui/button';
import { Field, Input, NumberInput } from '@/components/ui/form-field';
import { latinDigits } from '@/lib/digits';
import { LOOKUP_KINDS } from '@safqa/shared/validation/lookups';
import { useTranslation } from '@/lib/use-translation';
import type { AuditLogFilters } from '../api/get-audit-log';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/select';

/** Every action the log records, by area (admin.json `audit.actions`). */
const AUDIT_ACTIONS: Record<string, readonly string[]> = {
  opportunity: ['approve', 'reinstate', 'reject', 'suspend', 'verify', 'unverify'],
  faq: ['create', 'update', 'delete', 'reorder'],
  lookup: ['create', 'update', 'delete'],
  error_log: ['resolve', 'reopen'],
  access_request: ['approved', 'declined', 'revoked'],
  verification: ['approved', 'rejected'],
  security: [
    'login_succeeded',
    'login_failed',
    'login_throttled',
    'new_device',
    'logout',
    'session_revoked',
    'other_sessions_revoked',
    'refresh_reuse_detected',
    'password_changed',
    'password_reset',
    'mfa_enabled',
    'mfa_disabled',
    'mfa_failed',
    'recovery_code_used',
    'recovery_codes_regenerated',
    'passkey_added',
    'passkey_removed',
  ],
};

/** What an entry can be about: a lookup list's writes name the list as their target type. */
const AUDIT_TARGETS = [
  'opportunity',
  'user',
  'faq',
  'error_log',
  'access_request',
  'verification',
  ...LOOKUP_KINDS,
] as const;

type Draft = Omit<AuditLogFilters, 'page'>;
const EMPTY: Draft = { action: '', targetType: '', targetId: '', actorId: '', from: '', to: '' };

/** The log's filters, applied together on submit; the same rules as the server's (days in order, digits). */
export function AuditFilters({ value, onApply }: { value: Draft; onApply: (next: Draft) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      ...draft,
      targetId: latinDigits(draft.targetId).replace(/\D/g, ''),
      actorId: latinDigits(draft.actorId).replace(/\D/g, ''),
    };
    if (next.from && next.to && next.from > next.to) {
      setError(t('admin.audit.badDates'));
      return;
    }
    setError(undefined);
    onApply(next);
  };

  return (
    <Card
      as="form"
      aria-label={t('admin.audit.filters')}
      onSubmit={submit}
      className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <Field label={t('admin.audit.action')}>
        {(control) => (
          <Select {...control} value={draft.action} onChange={set('action')}>
            <option value="">{t('admin.audit.anyAction')}</option>
            {Object.entries(AUDIT_ACTIONS).map(([area, verbs]) => (
              <optgroup key={area} label={t(`admin.audit.areas.${area}`)}>
                {verbs.map((verb) => (
                  <option key={verb} value={`${area}.${verb}`}>
                    {t(`admin.audit.actions.${area}.${verb}`)}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('admin.audit.targetType')}>
        {(control) => (
          <Select {...control} value={draft.targetType} onChange={set('targetType')}>
            <option value="">{t('admin.audit.anyTarget')}</option>
            {AUDIT_TARGETS.map((target) => (
              <option key={target} value={target}>
                {t(`admin.audit.targets.${target}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('admin.audit.targetId')}>
        {(control) => (
          <NumberInput {...control} value={draft.targetId} onChange={set('targetId')} maxLength={20} />
        )}
      </Field>
      <Field label={t('admin.audit.actorId')}>
        {(control) => (
          <NumberInput {...control} value={draft.actorId} onChange={set('actorId')} maxLength={12} />
        )}
      </Field>
      <Field label={t('admin.audit.from')} error={error}>
        {(control) => <Input {...control} type="date" value={draft.from} onChange={set('from')} />}
      </Field>
      <Field label={t('admin.audit.to')}>
        {(control) => <Input {...control} type="date" value={draft.to} onChange={set('to')} />}
      </Field>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">
          <Filter aria-hidden="true" className="size-4" />
          {t('admin.audit.apply')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setDraft(EMPTY);
            setError(undefined);
            onApply(EMPTY);
          }}
        >
          {t('admin.audit.clear')}
        </Button>
      </div>
    </Card>
  );
}
