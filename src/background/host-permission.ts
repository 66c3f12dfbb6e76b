/**
 * Host permissions for a custom API base URL. Pure, so the options page can import it to ask for
 * the permission in its click handler (permissions.request needs a user gesture, which the
 * background never has) and the background can check the same pattern with permissions.contains.
 */

/**
 * The match pattern covering a base URL's host, on every port: Firefox's match patterns cannot
 * name a port, and Chrome's portless pattern matches all ports too.
 */
export function hostPermissionPattern(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

/** Said when the permission is missing or was refused. */
export function hostPermissionRefusal(baseUrl: string): string {
  const host = new URL(baseUrl).host;
  return (
    `Courier needs your permission to connect to ${host}. Without it the browser blocks Courier's requests ` +
    `to that server, so Courier keeps using the API it uses now. Choose the custom URL again and allow access when asked.`
  );
}
