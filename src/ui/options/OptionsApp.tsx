/** The options page: the same settings as the popup's, with room to breathe. */
import { BackgroundStatus } from '../shared/BackgroundStatus';
import { SettingsPanel } from '../components/SettingsPanel';
import { useBackgroundHello } from '../shared/useBackgroundHello';

export function OptionsApp() {
  const hello = useBackgroundHello();
  return (
    <main class="courier-main courier-options-page">
      <h1>Courier settings</h1>
      <BackgroundStatus state={hello} />
      <SettingsPanel inPopup={false} />
    </main>
  );
}
