import { useEffect, useRef, useState } from 'react';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import type { AdminFaq } from '@safqa/shared/validation/faqs';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/api-client';
import { useDeleteFaq } from '../api/delete-faq';
import { useAdminFaqs } from '../api/get-faqs';
import { useReorderFaqs } from '../api/reorder-faqs';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FaqFormDialog } from '../components/faq-form-dialog';
import { EmptyState, ErrorState, LoadingState } from '../components/list-states';
import { PageHeader } from '../components/page-header';
import { Card } from '@/components/ui/card';

/** /admin/faqs: the public FAQ in its order; add, edit, move up or down, delete after a confirmation. */
export function Component() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const faqs = useAdminFaqs();
  const remove = useDeleteFaq();
  const reorder = useReorderFaqs();
  const [editing, setEditing] = useState<AdminFaq | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminFaq | null>(null);
  // The FAQ just moved and which way: the keyboard follows it to its new place (its button of the same
  // way, or the other one at the top or bottom), instead of falling to the body with the old button.
  const moved = useRef<{ id: number; by: -1 | 1; to: number } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const target = moved.current;
    if (!target) return;
    // Wait for the list in its new order (optimistic), or for the answer when it was refused.
    if (reorder.isPending && faqs.data?.findIndex((faq) => faq.id === target.id) !== target.to) return;
    const button = (by: -1 | 1) =>
      list.current?.querySelector<HTMLButtonElement>(`[data-faq="${target.id}"][data-move="${by}"]`);
    const same = button(target.by);
    (same && !same.disabled ? same : button(target.by === -1 ? 1 : -1))?.focus();
    moved.current = null;
  }, [faqs.data, reorder.isPending]);
  const question = (faq: AdminFaq) => (lng === 'en' ? faq.questionEn : faq.questionAr);
  const answer = (faq: AdminFaq) => (lng === 'en' ? faq.answerEn : faq.answerAr);
  const other = (faq: AdminFaq) => (lng === 'en' ? faq.questionAr : faq.questionEn);

  const move = (index: number, by: -1 | 1) => {
    if (reorder.isPending) return;
    const ids = (faqs.data ?? []).map((faq) => faq.id);
    const [movedId] = ids.splice(index, 1);
    ids.splice(index + by, 0, movedId!);
    moved.current = { id: movedId!, by, to: index + by };
    reorder.mutate(ids, {
      onSuccess: () => toast({ title: t('admin.faqs.moved'), size: 'sm' }),
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: t('admin.faqs.moveFailed'),
          description: serverMessage(failure) ?? undefined,
        }),
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: t('admin.faqs.deleted'), size: 'sm' }),
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: t('admin.faqs.deleteFailed'),
          description: serverMessage(failure) ?? undefined,
        }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <PageHeader
        title={t('admin.faqs.title')}
        description={t('admin.faqs.subtitle')}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            {t('admin.faqs.add')}
          </Button>
        }
      />
      {faqs.isPending ? (
        <LoadingState />
      ) : faqs.isError ? (
        <ErrorState error={faqs.error} onRetry={() => void faqs.refetch()} />
      ) : faqs.data.length === 0 ? (
        <EmptyState title={t('admin.faqs.empty')} hint={t('admin.faqs.emptyHint')} />
      ) : (
        <ol ref={list} className="grid gap-3" aria-busy={reorder.isPending || undefined}>
          {faqs.data.map((faq, index) => (
            <Card as="li" key={faq.id} className="grid gap-3 p-4 sm:grid-cols-[auto_1fr_auto] sm:items-start">
              <span className="inline-flex size-8 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-800 tabular-nums dark:bg-brand-950 dark:text-brand-200">
                {index + 1}
              </span>
              <div className="grid min-w-0 gap-1">
                <h2 className="font-bold text-slate-900 dark:text-white">{question(faq)}</h2>
                <p className="line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{answer(faq)}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400" dir="auto">
                  <bdi lang={lng === 'en' ? 'ar' : 'en'}>{other(faq)}</bdi>
                </p>
              </div>
              <div className="flex flex-wrap gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  // Busy, not disabled: a disabled button would drop the keyboard focus.
                  disabled={index === 0}
                  aria-disabled={reorder.isPending || undefined}
                  data-faq={faq.id}
                  data-move={-1}
                  onClick={() => move(index, -1)}
                  aria-label={t('admin.faqs.moveUp', { question: question(faq) })}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={index === faqs.data.length - 1}
                  aria-disabled={reorder.isPending || undefined}
                  data-faq={faq.id}
                  data-move={1}
                  onClick={() => move(index, 1)}
                  aria-label={t('admin.faqs.moveDown', { question: question(faq) })}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => setEditing(faq)}
                  aria-label={t('admin.actions.editNamed', { name: question(faq) })}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
                  onClick={() => setDeleting(faq)}
                  aria-label={t('admin.actions.deleteNamed', { name: question(faq) })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
            </Card>
          ))}
        </ol>
      )}
      {editing ? (
        <FaqFormDialog faq={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('admin.faqs.deleteTitle')}
        description={deleting ? t('admin.faqs.deleteBody', { question: question(deleting) }) : ''}
        confirmLabel={t('admin.actions.delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </>
  );
}
