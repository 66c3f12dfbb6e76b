import { BackgroundStatus } from '../shared/BackgroundStatus';
import { useBackgroundHello } from '../shared/useBackgroundHello';

export function OptionsApp() {
  const hello = useBackgroundHello();
  return (
    <main class="courier-main">
      <h1>Courier settings</h1>
      <BackgroundStatus state={hello} />
    </main>
  );
}
