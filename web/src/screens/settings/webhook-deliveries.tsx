import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useAnnounce } from '../../components/announcer';
import { formatDateTime } from '../../components/format';
import { errorMessage } from '../../graphql/errors';
import { useRefreshOnFocus } from './use-refresh-on-focus';
import { Redeliver, WebhookDeliveriesQuery } from './webhook-queries';
import type { TaskEventKind, WebhookAttemptOutcome, WebhookDeliveryStatus } from '../../gql/graphql';

/**
 * While a delivery is pending, its log is read again this often (the service
 * sends no event when an attempt ends): a retry's outcome shows by itself.
 */
const PENDING_REFRESH_MS = 3_000;

const STATUS: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'Pending',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
  SKIPPED: 'Skipped (disabled)',
};

/** An attempt's outcome in the words of its line ("succeeded, answer 200, 12 ms"). */
const OUTCOME: Record<WebhookAttemptOutcome, string> = {
  SUCCEEDED: 'succeeded',
  FAILED: 'failed',
  UNKNOWN: 'no answer recorded',
};

/** The event's name as the webhook's payload and its subscription say it (`TASK_CREATED` → `task.created`). */
const wireName = (event: TaskEventKind) => event.toLowerCase().replace('_', '.');

/** A subscription's newest deliveries with their attempts; redeliver one. */
export function WebhookDeliveries({ subscriptionId, active, url }: { subscriptionId: number; active: boolean; url: string }) {
  const announce = useAnnounce();
  const [{ data, error }, refetch] = useQuery({
    query: WebhookDeliveriesQuery,
    variables: { subscriptionId },
    requestPolicy: 'network-only',
  });
  const [, redeliver] = useMutation(Redeliver);
  const [actionError, setActionError] = useState<string | null>(null);
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  useRefreshOnFocus(refresh);
  const deliveries = data?.webhookDeliveries.items ?? [];
  const pending = deliveries.some((d) => d.status === 'PENDING');
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => document.visibilityState === 'visible' && refresh(), PENDING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [pending, refresh]);

  const again = async (deliveryId: number, name: string) => {
    setActionError(null);
    const result = await redeliver({ subscriptionId, deliveryId });
    if (result.error) return setActionError(`Redelivering ${name} failed: ${errorMessage(result.error)}`);
    announce(`Queued ${name} again.`);
    refresh();
  };

  return (
    <div className="deliveries">
      <h3>
        Deliveries{data ? ` (${data.webhookDeliveries.total})` : ''}{' '}
        <button type="button" className="link-button" onClick={refresh}>
          Refresh
        </button>
      </h3>
      {error && <p role="alert">{errorMessage(error)}</p>}
      {actionError && (
        <p className="form-error" role="alert">
          {actionError}
        </p>
      )}
      {data && deliveries.length === 0 && <p className="empty">No deliveries yet. Change a task to send one.</p>}
      {deliveries.length > 0 && (
        <table className="settings-table">
          <caption className="sr-only">Deliveries to {url}</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col" className="hide-narrow">
                When
              </th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => {
              const name = `${wireName(d.event)} of ${d.ticketNumber}`;
              return (
                <tr key={d.id}>
                  <td>
                    <code>{wireName(d.event)}</code> <span className="muted">{d.ticketNumber}</span>
                  </td>
                  <td>
                    {STATUS[d.status] ?? d.status}
                    {d.lastStatusCode !== null && d.lastStatusCode !== undefined && ` · ${d.lastStatusCode}`}
                    {d.status === 'PENDING' && d.nextAttemptAt && (
                      <span className="member-email">next try {formatDateTime(d.nextAttemptAt)}</span>
                    )}
                    {d.attempts.length > 0 && (
                      <details>
                        <summary>
                          {d.attempts.length} {d.attempts.length === 1 ? 'attempt' : 'attempts'}
                          <span className="sr-only"> of {name}</span>
                        </summary>
                        <ol className="attempts">
                          {d.attempts.map((a) => (
                            <li key={a.id}>
                              {formatDateTime(a.createdAt)}: {OUTCOME[a.outcome] ?? a.outcome}
                              {a.statusCode !== null && a.statusCode !== undefined && `, answer ${a.statusCode}`}
                              {a.durationMs !== null && a.durationMs !== undefined && `, ${a.durationMs} ms`}
                              {a.error && `, ${a.error}`}
                              {a.responseExcerpt && (
                                <>
                                  {' '}
                                  <code className="excerpt">{a.responseExcerpt}</code>
                                </>
                              )}
                            </li>
                          ))}
                        </ol>
                      </details>
                    )}
                  </td>
                  <td className="hide-narrow">{formatDateTime(d.createdAt)}</td>
                  <td className="row-actions">
                    <button
                      type="button"
                      aria-label={`Redeliver ${name}`}
                      disabled={!active}
                      title={active ? undefined : 'Enable the webhook to redeliver'}
                      onClick={() => void again(d.id, name)}
                    >
                      Redeliver
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
