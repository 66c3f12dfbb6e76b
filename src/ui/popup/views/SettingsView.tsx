import { SettingsPanel } from '../../components/SettingsPanel';
import { apiChanged } from '../../state/runtime';

export default function SettingsView() {
  return (
    <section aria-labelledby="settings-title" class="courier-view" data-testid="view-settings">
      <h2 id="settings-title">Settings</h2>
      <SettingsPanel inPopup onApiChange={apiChanged} />
    </section>
  );
}
