/**
 * The approval window: a page asked to connect. Shows the origin (from the background's pending
 * record — the URL carries only an opaque id) and what connecting allows, with Approve and Reject.
 * Closing the window rejects (the background listens for windows.onRemoved).
 */
import { useEffect, useState } from 'preact/hooks';
import { callBackground } from '../../background/call';
import type { ApprovalView } from '../../background/protocol';
import './approve.css';

/** Buttons stay disabled this long after the window appears, so a stray click cannot approve. */
export const ARM_DELAY_MS = 500;

type State =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; view: ApprovalView }
  | { kind: 'deciding'; view: ApprovalView; approve: boolean }
  | { kind: 'done'; approve: boolean };

export function ApproveApp({ requestId = readRequestId() }: { requestId?: string | null }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [armed, setArmed] = useState(false);

  useEffect(() => {
    if (!requestId) {
      setState({ kind: 'missing' });
      return;
    }
    withRetry(() => callBackground('courier:approval:get', { request: requestId })).then(
      (view) => setState(view ? { kind: 'ready', view } : { kind: 'missing' }),
      (error: unknown) => setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [requestId]);

  useEffect(() => {
    if (state.kind !== 'ready') return undefined;
    const timer = setTimeout(() => setArmed(true), ARM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.kind]);

  const decide = async (view: ApprovalView, approve: boolean) => {
    setState({ kind: 'deciding', view, approve });
    try {
      let lost = false;
      const { decided } = await withRetry(() =>
        callBackground('courier:approval:decide', { request: view.request, approve }).catch((error: unknown) => {
          lost ||= isTransient(error);
          throw error;
        }),
      );
      // A first attempt whose answer was lost may have applied the decision already.
      setState(decided || lost ? { kind: 'done', approve } : { kind: 'missing' });
      // The background closes the window; if it could not, close it from here.
      setTimeout(() => window.close(), 300);
    } catch (error) {
      setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <main class="courier-main courier-approve">
      <h1>Connect a site to Courier</h1>
      {state.kind === 'loading' && <p class="courier-muted">Loading the request…</p>}
      {state.kind === 'missing' && (
        <>
          <p class="courier-muted" role="status">
            This connection request is no longer waiting.
          </p>
          <button class="courier-button" type="button" onClick={() => window.close()}>
            Close
          </button>
        </>
      )}
      {state.kind === 'error' && (
        <p class="courier-status" data-state="error" role="alert">
          Courier could not handle this request: {state.message}
        </p>
      )}
      {state.kind === 'done' && (
        <p class="courier-status" data-state="ok" role="status">
          {state.approve ? 'Connected.' : 'Rejected.'} You can close this window.
        </p>
      )}
      {(state.kind === 'ready' || state.kind === 'deciding') && (
        <RequestView
          view={state.view}
          busy={state.kind === 'deciding' || !armed}
          onApprove={() => void decide(state.view, true)}
          onReject={() => void decide(state.view, false)}
        />
      )}
    </main>
  );
}

function RequestView(props: { view: ApprovalView; busy: boolean; onApprove: () => void; onReject: () => void }) {
  const { view } = props;
  const insecure = isInsecure(view.origin);
  return (
    <section aria-labelledby="courier-approve-origin">
      <p class="courier-muted">This site wants to use Courier:</p>
      <p class="courier-approve-origin" id="courier-approve-origin" data-testid="approve-origin">
        {view.origin}
      </p>
      {insecure && (
        <p class="courier-status" data-state="error" role="note">
          This site does not use HTTPS: anyone on your network could pose as it.
        </p>
      )}
      <h2>It will be able to</h2>
      <ul data-testid="approve-permissions">
        {view.permissions.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <h2>It will not</h2>
      <ul class="courier-muted">
        {view.limits.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <p class="courier-muted">You can disconnect it at any time in Courier’s settings.</p>
      <div class="courier-approve-actions">
        <button class="courier-button" type="button" disabled={props.busy} onClick={props.onReject}>
          Reject
        </button>
        <button class="courier-button" data-variant="primary" type="button" disabled={props.busy} onClick={props.onApprove}>
          Approve
        </button>
      </div>
    </section>
  );
}

/**
 * The background's worker may be restarting (it can be stopped at any moment): a request lost
 * that way is asked again a few times before the window shows an error.
 */
async function withRetry<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTransient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 150 * attempt));
    }
  }
}

function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'unreachable' || code === 'bad-response';
}

function readRequestId(): string | null {
  if (typeof location === 'undefined') return null;
  return new URLSearchParams(location.search).get('request');
}

/** Plain http, except the loopback hosts a developer runs a dApp on. */
export function isInsecure(origin: string): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return true;
  }
}
