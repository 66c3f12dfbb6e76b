import type { Runtime } from 'webextension-polyfill';

/**
 * The page's origin as the browser reports it: `sender.origin` (Chrome), else the frame's URL.
 * Only http(s) pages can be dApps; opaque origins (sandboxed frames, data: URLs) and extension
 * pages get undefined and are refused.
 */
export function senderOrigin(sender: Runtime.MessageSender): string | undefined {
  const reported = (sender as { origin?: string }).origin;
  const candidate = typeof reported === 'string' ? reported : originOfUrl(sender.url);
  if (candidate === undefined || candidate === 'null') return undefined;
  return /^https?:\/\/[^/]+$/.test(candidate) ? candidate : undefined;
}

function originOfUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** Which frame sent it, for events (content scripts only: a tab and a frame id). */
export type FrameRef = { tabId: number; frameId: number; documentId: string | null };

export function senderFrame(sender: Runtime.MessageSender): FrameRef | undefined {
  const tabId = sender.tab?.id;
  if (typeof tabId !== 'number' || tabId < 0) return undefined;
  const documentId = (sender as { documentId?: string }).documentId;
  return { tabId, frameId: sender.frameId ?? 0, documentId: typeof documentId === 'string' ? documentId : null };
}
