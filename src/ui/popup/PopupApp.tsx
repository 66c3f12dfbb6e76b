import { BackgroundStatus } from '../shared/BackgroundStatus';
import { useBackgroundHello } from '../shared/useBackgroundHello';

export function PopupApp() {
  const hello = useBackgroundHello();
  return (
    <div class="courier-popup">
      <header class="courier-header">
        <img src="/icon-32.png" width={20} height={20} alt="" />
        <h1>Courier</h1>
      </header>
      <main class="courier-main">
        <BackgroundStatus state={hello} />
      </main>
    </div>
  );
}
