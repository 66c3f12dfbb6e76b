/** The approval window; the bridge issue gives it its request and buttons' effects. */
export function ApproveApp() {
  return (
    <main class="courier-main">
      <h1>Connect a site to Courier</h1>
      <p class="courier-muted">No connection request is waiting.</p>
    </main>
  );
}
