/** A route the service no longer offers, and the one to use instead (spec 9.3). */
export interface RemovedRoute {
  method: 'GET' | 'POST';
  /** Full path, from the root. */
  path: string;
  /** Where to go instead, as shown in the 410 body's `message`. */
  replacement: string;
}

/**
 * Spec 9.3: these answer 410 Gone with the replacement in `message`
 * (error code GONE, spec 7.1 body). The list is data; the app mounts it.
 */
export const removedRoutes: RemovedRoute[] = [
  { method: 'GET', path: '/api/comments/getAll', replacement: 'GET /api/v1/comments' },
  { method: 'GET', path: '/api/comments/single', replacement: 'GET /api/v1/comments with ticket_number or task_id' },
  {
    method: 'POST',
    path: '/api/notifications/oneOffUpdateScript',
    replacement: 'the notification routes under /api/v1/notifications/ (GET /api/v1/notifications, POST /api/v1/notifications/archive, POST /api/v1/notifications/read)',
  },
];

/** The `message` of a removed route's 410 answer. */
export function removedRouteMessage(r: RemovedRoute): string {
  return `${r.method} ${r.path} was removed; use ${r.replacement}.`;
}
