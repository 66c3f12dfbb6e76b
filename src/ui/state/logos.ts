/**
 * Whether the UI may load logos from the internet (Settings → "Show logos from the internet").
 * Unknown until the background has answered, and no remote logo loads meanwhile: the letters
 * show first anyway (Bits.tsx AssetLogo).
 */
import { createStore } from '../shared/store';
import { callBackground } from './api';

export const remoteLogos = createStore<boolean | null>(null);

let asked = false;

/** Asks the background once per page; SettingsPanel keeps the store current after a change. */
export function ensureLogoSetting(): void {
  if (asked) return;
  asked = true;
  callBackground('courier:settings:get', {}).then(
    (view) => remoteLogos.set(view.remoteLogos),
    () => {
      asked = false; // asked again by the next logo
    },
  );
}
