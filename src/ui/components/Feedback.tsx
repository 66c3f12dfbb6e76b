/** Loading and error feedback: nothing for the first 100 ms, then a spinner or a skeleton. */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { UiError } from '../shared/errors';

/** True once `active` has stayed true for `delayMs` (a quick answer never flashes a spinner). */
export function useDelayedFlag(active: boolean, delayMs = 100): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}

export function Spinner({ label, inline = false }: { label: string; inline?: boolean }) {
  return (
    <span class={inline ? 'courier-spinner-line courier-inline' : 'courier-spinner-line'} role="status">
      <span class="courier-spinner" aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}

/** A spinner shown only when loading takes longer than 100 ms. */
export function Loading({ active, label, inline }: { active: boolean; label: string; inline?: boolean }) {
  const shown = useDelayedFlag(active);
  return shown ? <Spinner label={label} {...(inline !== undefined ? { inline } : {})} /> : null;
}

export function Skeleton({ lines = 3, label }: { lines?: number; label: string }) {
  return (
    <div class="courier-skeleton" role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} class="courier-skeleton-line" style={{ width: `${90 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}

/** A skeleton that appears only after 100 ms of loading. */
export function DelayedSkeleton({ active, lines, label }: { active: boolean; lines?: number; label: string }) {
  const shown = useDelayedFlag(active);
  return shown ? <Skeleton label={label} {...(lines !== undefined ? { lines } : {})} /> : null;
}

export function ErrorBox({
  error,
  onRetry,
  retryLabel = 'Try again',
  children,
  testId,
  messageFirst = false,
}: {
  error: UiError;
  /** Show the service's own message in full under the title (a refusal whose reason matters), not only in the disclosure. */
  messageFirst?: boolean;
  onRetry?: (() => void) | undefined;
  retryLabel?: string;
  children?: ComponentChildren;
  testId?: string;
}) {
  const hasDetails = error.message !== null || error.code !== null || error.httpStatus !== null;
  return (
    <div class="courier-error" role="alert" data-kind={error.kind} data-testid={testId ?? 'error'}>
      <p class="courier-error-title">{error.title}</p>
      <p>{error.explanation}</p>
      {messageFirst && error.message && (
        <p class="courier-wrap" data-testid="service-reason">
          {error.httpStatus !== null ? 'The service said: ' : ''}
          <span class="courier-error-message">{error.message}</span>
        </p>
      )}
      {hasDetails && (
        <details class="courier-details">
          <summary>{error.httpStatus !== null ? 'What the service said' : 'Details'}</summary>
          {error.message && !messageFirst && <p class="courier-error-message">{error.message}</p>}
          <dl class="courier-pairs">
            {error.code !== null && (
              <>
                <dt>Code</dt>
                <dd>{error.code}</dd>
              </>
            )}
            {error.httpStatus !== null && (
              <>
                <dt>HTTP status</dt>
                <dd>{error.httpStatus}</dd>
              </>
            )}
            {error.reason && (
              <>
                <dt>Reason</dt>
                <dd>{error.reason}</dd>
              </>
            )}
            {error.endpoint && (
              <>
                <dt>Endpoint</dt>
                <dd>
                  <code>{error.endpoint}</code>
                </dd>
              </>
            )}
          </dl>
        </details>
      )}
      {children}
      {onRetry && error.retryable && (
        <button type="button" class="courier-button" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}

/** A one-line problem under a field or a form. */
export function InlineProblem({ id, children }: { id?: string; children: ComponentChildren }) {
  return (
    <p class="courier-problem" id={id}>
      {children}
    </p>
  );
}
