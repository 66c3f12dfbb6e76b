import type { Runtime } from 'webextension-polyfill';

/**
 * The page's origin as the browser reports it: `sender.origin` (Chrome), else the frame's URL.
 * Only http(s) pages can be dApps; opaque origins (sandboxed frames, data: URLs) and extension
 * pages get undefined and are refused.
 */
export function senderOrigin(sender: Runtime.MessageSender): string | undefined {
  const reported = (sender as { origin?: string }).origin;
  return webOrigin(typeof reported === 'string' ? reported : originOfUrl(sender.url));
}

/**
 * The origin of the sender's top-level page: the sender's own for the top frame, else the
 * origin of the tab's URL as the browser reports it (`sender.tab.url`, which Chrome and Firefox
 * fill in for a content script's tab). Undefined when unknown or not an http(s) page: a frame
 * whose embedder cannot be named is not offered an approval.
 */
export function senderTopOrigin(sender: Runtime.MessageSender): string | undefined {
  if ((sender.frameId ?? 0) === 0) return senderOrigin(sender);
  return webOrigin(originOfUrl(sender.tab?.url));
}

function webOrigin(candidate: string | undefined): string | undefined {
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

/** Who sent a page request, beyond its origin: the frame, and the top-level page's origin. */
export type Caller = { frame: FrameRef; topOrigin: string | undefined };

export function senderFrame(sender: Runtime.MessageSender): FrameRef | undefined {
  const tabId = sender.tab?.id;
  if (typeof tabId !== 'number' || tabId < 0) return undefined;
  const documentId = (sender as { documentId?: string }).documentId;
  return { tabId, frameId: sender.frameId ?? 0, documentId: typeof documentId === 'string' ? documentId : null };
}
