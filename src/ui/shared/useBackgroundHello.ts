import { useEffect, useState } from 'preact/hooks';
import { callBackground } from '../../background/call';
import type { HelloResult } from '../../background/protocol';

export type HelloState =
  | { status: 'loading' }
  | { status: 'ready'; hello: HelloResult }
  | { status: 'error'; message: string };

/** Asks the background who it is; the first thing every extension page does. */
export function useBackgroundHello(): HelloState {
  const [state, setState] = useState<HelloState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    callBackground('courier:hello', {})
      .then((hello) => live && setState({ status: 'ready', hello }))
      .catch((error: unknown) =>
        live && setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
