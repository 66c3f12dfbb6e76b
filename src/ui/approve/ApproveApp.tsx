/**
 * The approval window: a page asked to connect. Shows the origin (from the background's pending
 * record — the URL carries only an opaque id) with its registrable domain highlighted, the page
 * that embeds it when the request comes from a frame of another origin, and what connecting
 * allows, with Approve and Reject always in view. Closing the window rejects (the background
 * listens for windows.onRemoved). While open it asks the background again every
 * HEARTBEAT_MS: that is when the background checks the asking page is still there (and closes
 * the window if not), and it keeps the worker, and so the page's request, alive.
 */
import { useEffect, useState } from 'preact/hooks';
import { callBackground } from '../../background/call';
import type { ApprovalView } from '../../background/protocol';
import { originParts } from '../../bridge/site';
import './approve.css';

/** Buttons stay disabled this long after the window appears, so a stray click cannot approve. */
export const ARM_DELAY_MS = 500;
/** How often the open window asks whether its request is still waiting. */
export const HEARTBEAT_MS = 1_000;

type State =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'gone' }
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

  const waiting = state.kind === 'ready';
  useEffect(() => {
    if (!waiting || !requestId) return undefined;
    const timer = setInterval(() => {
      callBackground('courier:approval:get', { request: requestId }).then(
        (view) => {
          if (!view) setState((current) => (current.kind === 'ready' ? { kind: 'gone' } : current));
        },
        () => undefined, // a worker restart: the next beat asks again
      );
    }, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [waiting, requestId]);

  const decide = async (view: ApprovalView, approve: boolean) => {
    setState({ kind: 'deciding', view, approve });
    try {
      let lost = false;
      const { decided, pageGone } = await withRetry(() =>
        callBackground('courier:approval:decide', { request: view.request, approve }).catch((error: unknown) => {
          lost ||= isTransient(error);
          throw error;
        }),
      );
      // A first attempt whose answer was lost may have applied the decision already.
      setState(pageGone ? { kind: 'gone' } : decided || lost ? { kind: 'done', approve } : { kind: 'missing' });
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
      {state.kind === 'gone' && (
        <>
          <p class="courier-status" data-state="error" role="status">
            The page that asked has gone (it navigated away or was closed). Nothing was connected.
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
  const insecure = isInsecure(view.origin) || (view.embeddedIn !== null && isInsecure(view.embeddedIn));
  return (
    <section class="courier-approve-request" aria-labelledby="courier-approve-origin">
      <div class="courier-approve-scroll">
        <p class="courier-muted">{view.embeddedIn ? 'A frame inside a page wants to use Courier:' : 'This site wants to use Courier:'}</p>
        <OriginBox origin={view.origin} id="courier-approve-origin" testId="approve-origin" />
        {view.embeddedIn && (
          <>
            <p class="courier-muted">embedded in the page of</p>
            <OriginBox origin={view.embeddedIn} id="courier-approve-embedder" testId="approve-embedded-in" />
            <p class="courier-warning" role="note" data-testid="approve-embedded-note">
              Approving connects only the frame’s origin above, of <strong>{originParts(view.origin).domain}</strong>, wherever it is opened. The page of{' '}
              <strong>{originParts(view.embeddedIn).domain}</strong> gets nothing. If you did not expect this, reject.
            </p>
          </>
        )}
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
      </div>
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
 * An origin with its registrable domain first and large (who owns it), then the whole origin
 * with that domain highlighted inside the subdomains the owner chose. The full text stays the
 * element's text content, so it can be read and copied exactly.
 */
function OriginBox(props: { origin: string; id: string; testId: string }) {
  const parts = originParts(props.origin);
  return (
    <div class="courier-approve-origin-box">
      <p class="courier-approve-domain" data-testid={`${props.testId}-domain`} aria-hidden="true">
        {parts.domain}
      </p>
      <p class="courier-approve-origin" id={props.id} data-testid={props.testId} title={props.origin}>
        <span class="courier-approve-dim">
          {parts.scheme}
          {parts.subdomains}
        </span>
        <mark class="courier-approve-mark">{parts.domain}</mark>
        <span class="courier-approve-dim">{parts.port}</span>
      </p>
    </div>
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
