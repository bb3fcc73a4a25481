import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import Briefcase from 'lucide-react/icons/briefcase';
import MessageCircle from 'lucide-react/icons/message-circle';
import type { AdvisorCard as Advisor } from '@safqa/shared/validation/advisors';
import { formatNumber } from '@/lib/format';
import { asLanguage, localized } from '@/lib/localized';
import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { SpinnerIcon } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { useSession } from '@/lib/use-session';
import { useMessageAdvisor } from '../api/message-advisor';

/**
 * One advisor: name, years of experience, sectors and bio, and "Message the advisor", which opens the
 * platform chat with them about this listing (no address of either side is shown to the other).
 */
export function AdvisorCard({ advisor, opportunityId }: { advisor: Advisor; opportunityId: number }) {
  const { t, i18n } = useTranslation();
  const lng = asLanguage(i18n.language);
  const { user } = useSession();
  const navigate = useNavigate();
  const message = useMessageAdvisor();
  const isSelf = user?.id === advisor.id;
  return (
    <Card as="article" className="flex h-full flex-col gap-3 p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
        >
          {advisor.username.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0">
          {/* Next to the avatar whatever the name's script: the name isolated, the line in the page's direction. */}
          <h2 className="truncate font-bold text-slate-900 dark:text-white">
            <bdi>{advisor.username}</bdi>
          </h2>
          <p className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
            <Briefcase aria-hidden="true" className="size-4" />
            {t('advisors.years', {
              count: advisor.experienceYears,
              formatted: formatNumber(advisor.experienceYears, lng),
            })}
          </p>
        </div>
      </div>
      <p
        className="text-sm leading-relaxed whitespace-pre-line text-slate-700 dark:text-slate-300"
        dir="auto"
      >
        {advisor.bio}
      </p>
      <ul aria-label={t('advisors.sectors')} className="mt-auto flex flex-wrap gap-1.5">
        {advisor.businessTypes.map((type) => (
          <li
            key={type.id}
            className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-950 dark:text-brand-200"
          >
            {localized(type.nameAR, type.nameEN, lng)}
          </li>
        ))}
      </ul>
      {isSelf ? (
        <p className="text-sm font-semibold text-slate-600 dark:text-slate-400">{t('advisors.you')}</p>
      ) : (
        <Button
          variant="secondary"
          className="w-full"
          disabled={message.isPending}
          aria-busy={message.isPending || undefined}
          aria-label={t('advisors.messageNamed', { name: advisor.username })}
          onClick={() =>
            message.mutate(
              { opportunityId, advisorId: advisor.id },
              {
                onSuccess: ({ chat }) => void navigate(`/profile/chats/${chat.id}`),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: t('advisors.messageFailed'),
                    description: serverMessage(error) ?? undefined,
                  }),
              },
            )
          }
        >
          {message.isPending ? (
            <SpinnerIcon className="size-5" />
          ) : (
            <MessageCircle aria-hidden="true" className="size-5" />
          )}
          {message.isPending ? t('advisors.opening') : t('advisors.message')}
        </Button>
      )}
    </Card>
  );
}
