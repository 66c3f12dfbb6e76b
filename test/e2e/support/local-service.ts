/** A local routing service as the tests call it: JSON in, status and parsed JSON out. */
export type LocalService = {
  url: string;
  post(path: string, body: unknown): Promise<{ status: number; body: any }>;
  get(path: string): Promise<{ status: number; body: any }>;
};

export function localServiceAt(url: string): LocalService {
  const read = async (res: Response) => ({ status: res.status, body: await res.json() });
  return {
    url,
    post: async (path, body) =>
      read(await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })),
    get: async (path) => read(await fetch(`${url}${path}`)),
  };
}
