import { useId, useState, type KeyboardEvent } from 'react';
import { useLanguage, useTranslation } from '@/lib/use-translation';
import SendHorizontal from 'lucide-react/icons/send-horizontal';
import { LIMITS } from '@safqa/shared/constants';
import { cleanMessageBody } from '@safqa/shared/validation/chat';
import { Button } from '@/components/ui/button';
import { controlClasses } from '@/components/ui/form-field';
import { SpinnerIcon } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';

interface MessageComposerProps {
  /** Resolves when the message is stored; a rejection keeps the text for another try. */
  onSend: (body: string) => Promise<unknown>;
  disabled?: boolean;
  /** The message waits for the network (the phone is offline): it goes when the connection is back. */
  paused?: boolean;
  /** Tries the waiting message again now (the browser may think it is offline when it is not). */
  onRetry?: () => void;
}

/**
 * Enter sends, Shift+Enter starts a new line (and Enter while an input method is composing, e.g.
 * for Arabic on some keyboards, finishes the word instead of sending). Blank text is never sent;
 * the body is limited to 2000 characters after trimming, like the server.
 */
export function MessageComposer({ onSend, disabled = false, paused = false, onRetry }: MessageComposerProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const hintId = useId();
  const inputId = useId();
  const body = cleanMessageBody(text);
  const tooLong = body.length > LIMITS.chatMessageMax;
  const canSend = body.length > 0 && !tooLong && !sending && !disabled;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      await onSend(body);
      setText('');
    } catch {
      /* the caller shows the failure; the text stays for another try */
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form
      className="flex flex-wrap items-end gap-2 border-t border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="grid min-w-0 flex-1 gap-1">
        <label htmlFor={inputId} className="sr-only">
          {t('chat.composerLabel')}
        </label>
        <textarea
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          dir="auto"
          placeholder={t('chat.placeholder')}
          aria-describedby={hintId}
          aria-invalid={tooLong}
          disabled={disabled}
          className={cn(controlClasses, 'max-h-40 min-h-12 resize-y')}
        />
        <p id={hintId} className="flex justify-between gap-2 text-xs text-slate-500 dark:text-slate-400">
          <span className="hidden sm:inline">{t('chat.hint')}</span>
          <span
            className={cn(
              'ms-auto whitespace-nowrap',
              tooLong && 'font-semibold text-red-700 dark:text-red-400',
            )}
          >
            {t('chat.counter', {
              length: formatNumber(body.length, lng),
              max: formatNumber(LIMITS.chatMessageMax, lng),
            })}
          </span>
        </p>
      </div>
      <Button
        type="submit"
        size="lg"
        disabled={!canSend}
        aria-busy={sending || undefined}
        className="mb-5 shrink-0"
      >
        {sending ? (
          <SpinnerIcon className="size-5" />
        ) : (
          <SendHorizontal aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        )}
        <span className="sr-only sm:not-sr-only">{sending ? t('chat.sending') : t('chat.send')}</span>
      </Button>
      {sending && paused ? (
        <p
          role="status"
          className="flex basis-full flex-wrap items-center gap-2 text-sm text-amber-900 dark:text-amber-200"
        >
          {t('chat.offlineQueued')}
          {onRetry ? (
            <Button type="button" size="sm" variant="secondary" onClick={onRetry}>
              {t('chat.retryNow')}
            </Button>
          ) : null}
        </p>
      ) : null}
    </form>
  );
}
