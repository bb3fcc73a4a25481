import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type {} from 'altcha/types/react';
import type {} from 'altcha/types/global';
import type { WidgetMethods } from 'altcha/types';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { ALTCHA_ALGORITHM } from '@safqa/shared/constants';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { loadAreas } from '@/lib/i18n';
import { cn } from '@/lib/cn';

/** Where the widget gets its proof-of-work challenge (API.md "Health, captcha, CSRF"). */
export const CHALLENGE_URL = '/api/captcha/challenge';

export interface HumanCheckHandle {
  /** Back to unchecked (after a failed submit, or a successful one that cleared the form); reports null. */
  reset(): void;
  /**
   * The solution once the proof of work is done: at once when it is, after it when it is under way,
   * and it starts it when nobody has touched the widget yet (a password manager filled the form and
   * the visitor pressed submit). Null when none can be had (not loaded, failed, given up on).
   */
  solve(): Promise<string | null>;
}

/** How long a submit waits for the proof of work before saying the check is needed. */
const SOLVE_TIMEOUT_MS = 60_000;

export interface HumanCheckProps {
  /**
   * The solution to send as `recaptchaToken` once the check passes; null whenever there is no usable
   * solution any more (reset, expired challenge, failure).
   */
  onVerify: (token: string | null) => void;
  ref?: Ref<HumanCheckHandle>;
  className?: string;
}

type WidgetElement = HTMLElement & Partial<WidgetMethods>;
interface StateChange {
  state: string;
  payload: string | null;
}

let loading: Promise<void> | null = null;
/**
 * The `altcha` web component and its Arabic texts, downloaded the first time a form needs them (so
 * pages without a form never pay for it), together with this component's own catalogue.
 */
function loadWidget(): Promise<void> {
  loading ??= (async () => {
    // The build without inline styles and blob workers, so the strict CSP (style-src 'self') holds:
    // its stylesheet and the proof-of-work worker are served as files of our own.
    const [, , { default: Pbkdf2Worker }] = await Promise.all([
      import('altcha/external'),
      import('altcha/altcha.css'),
      import('altcha/workers/pbkdf2?worker'),
    ]);
    globalThis.$altcha.algorithms.set(ALTCHA_ALGORITHM, () => new Pbkdf2Worker());
    await import('altcha/i18n/ar');
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return Promise.all([loading, loadAreas(['human-check'])]).then(() => undefined);
}

/**
 * SPEC.md "Human-check widget": ALTCHA proof of work in the UI language, light, normal size. It
 * starts working as soon as the visitor interacts with the surrounding form, so the token is usually
 * ready by the time they submit. If the widget cannot load or its challenge cannot be fetched, a
 * localised error with a retry button replaces it.
 */
export function HumanCheck({ onVerify, ref, className }: HumanCheckProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const [status, setStatus] = useState<'loading' | 'ready' | 'load-failed' | 'check-failed'>('loading');
  /** Bumped by "Try again": downloads again if needed and mounts a fresh widget. */
  const [attempt, setAttempt] = useState(0);
  const widget = useRef<WidgetElement>(null);
  /** The solution the widget last announced, until it is reset, expires or fails. */
  const solution = useRef<string | null>(null);
  const onVerifyRef = useRef(onVerify);
  useEffect(() => {
    onVerifyRef.current = onVerify;
  });
  const report = useRef((token: string | null) => {
    solution.current = token;
    onVerifyRef.current(token);
  });

  useEffect(() => {
    let live = true;
    loadWidget().then(
      () => live && setStatus('ready'),
      () => live && setStatus('load-failed'),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  // A layout effect: the listener is on the widget in the same commit that puts it in the page, so no
  // state it announces can go unheard (a passive effect runs later, and a test under load saw the gap).
  useLayoutEffect(() => {
    const element = widget.current;
    if (status !== 'ready' || !element) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      if (state === 'verified' && payload) {
        report.current(payload);
      } else if (state === 'error') {
        report.current(null);
        setStatus('check-failed');
      } else if (state === 'expired' || state === 'unverified') {
        report.current(null);
      }
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [status, attempt]);

  useImperativeHandle(
    ref,
    () => ({
      reset() {
        widget.current?.reset?.();
        report.current(null);
      },
      async solve() {
        if (solution.current) return solution.current;
        const element = widget.current;
        if (!element?.verify) return null;
        const outcome = nextOutcome(element);
        // Already working (the visitor focused the form): wait for it rather than start a second one.
        if (element.getState?.() !== 'verifying') void element.verify().catch(() => undefined);
        return outcome;
      },
    }),
    [],
  );

  const retry = () => {
    report.current(null);
    setStatus('loading');
    setAttempt((n) => n + 1);
  };

  if (status === 'loading') {
    return <Spinner className={cn('justify-start p-2', className)} label={t('human-check.loading')} />;
  }
  if (status === 'load-failed' || status === 'check-failed') {
    return (
      <Alert variant="error" title={t('human-check.label')} className={className}>
        <p>{status === 'load-failed' ? t('human-check.loadFailed') : t('human-check.failed')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={retry}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('human-check.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <div key={attempt} className={className} aria-label={t('human-check.label')} role="group">
      <altcha-widget
        ref={widget}
        challenge={CHALLENGE_URL}
        language={language}
        auto="onfocus"
        display="standard"
        type="checkbox"
        style={{ colorScheme: 'light' }}
      />
    </div>
  );
}

/** The widget's next verdict: its solution when verified, null on failure, expiry or time-out. */
function nextOutcome(element: WidgetElement): Promise<string | null> {
  return new Promise((resolve) => {
    const done = (token: string | null) => {
      element.removeEventListener('statechange', onStateChange);
      clearTimeout(timer);
      resolve(token);
    };
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      if (state === 'verified') done(payload);
      else if (state === 'error' || state === 'expired') done(null);
    };
    const timer = setTimeout(() => done(null), SOLVE_TIMEOUT_MS);
    element.addEventListener('statechange', onStateChange);
  });
}
