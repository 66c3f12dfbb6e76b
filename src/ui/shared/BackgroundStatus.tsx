import type { HelloState } from './useBackgroundHello';

/** One line that says whether the background answered and which API it uses. */
export function BackgroundStatus({ state }: { state: HelloState }) {
  if (state.status === 'loading') {
    return (
      <p class="courier-status courier-muted" data-state="loading" role="status">
        Connecting to Courier…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p class="courier-status" data-state="error" role="alert">
        Courier’s background is not answering: {state.message}
      </p>
    );
  }
  return (
    <p class="courier-status" data-state="ok" role="status" data-testid="background-status">
      Ready · Courier {state.hello.version} · API <code>{state.hello.apiBaseUrl}</code>
    </p>
  );
}
