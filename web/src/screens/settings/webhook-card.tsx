import { useState } from 'react';
import { useMutation } from 'urql';
import { useAnnounce } from '../../components/announcer';
import { formatDateTime } from '../../components/format';
import type { WebhookDisabledCause, WebhooksQuery as WebhooksData } from '../../gql/graphql';
import { errorMessage } from '../../graphql/errors';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';
import { WebhookDeliveries } from './webhook-deliveries';
import { DeleteWebhook, TestWebhook, UpdateWebhook } from './webhook-queries';

type Subscription = WebhooksData['webhookSubscriptions'][number];

/** Why a subscription was disabled, for people. */
export const DISABLED_CAUSES: Record<WebhookDisabledCause, string> = {
  CREATOR_LOST_ACCESS:
    'Its creator no longer sees its board (or no longer owns its team). Re-enabling makes you its creator.',
  FAILING: 'Deliveries failed for days without a success.',
  GONE: 'The endpoint answered 410 Gone.',
  MANUAL: 'Disabled by hand.',
};

/** The events a subscription receives, from its `metadata`. */
function eventsOf(metadata: unknown): string[] {
  const list = (metadata as { 'X-Event-Type'?: unknown } | null)?.['X-Event-Type'];
  return Array.isArray(list) ? list.map(String) : [];
}

/** One subscription: its state, scope, events and creator; test ping, pause/enable, delete, deliveries. */
export function WebhookCard({
  subscription: s,
  scope,
  onChanged,
}: {
  subscription: Subscription;
  scope: string;
  onChanged: () => void;
}) {
  const announce = useAnnounce();
  const [ping, sendPing] = useMutation(TestWebhook);
  const [, update] = useMutation(UpdateWebhook);
  const [, remove] = useMutation(DeleteWebhook);
  const [open, setOpen] = useState(false);
  const [pingResult, setPingResult] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const titleId = `webhook-${s.id}-title`;

  const test = async () => {
    setActionError(null);
    setPingResult(null);
    const result = await sendPing({ id: s.id });
    if (result.error || !result.data) return setActionError(`The test ping failed: ${errorMessage(result.error)}`);
    const r = result.data.testWebhookSubscription;
    const text = r.delivered
      ? `Test ping delivered: ${r.statusCode} in ${r.durationMs} ms.`
      : `Test ping not delivered: ${r.statusCode ? `answer ${r.statusCode}` : (r.error ?? 'no answer')} after ${r.durationMs} ms.`;
    setPingResult(text);
    announce(text);
  };

  const setActive = async (active: boolean) => {
    setActionError(null);
    const result = await update({ id: s.id, input: { active } });
    if (result.error) return setActionError(errorMessage(result.error));
    announce(active ? `Enabled ${s.url}.` : `Disabled ${s.url}.`);
    onChanged();
  };

  const askDelete = () =>
    setConfirmation({
      title: 'Delete this webhook?',
      body: (
        <p>
          <code>{s.url}</code> stops receiving events, and its delivery log goes with it.
        </p>
      ),
      action: 'Delete webhook',
      run: async () => {
        const result = await remove({ id: s.id });
        if (result.error) return setActionError(errorMessage(result.error));
        announce(`Deleted the webhook ${s.url}.`);
        onChanged();
      },
    });

  return (
    <section className="settings-section webhook" aria-labelledby={titleId}>
      <h2 id={titleId} className="webhook-url">
        {s.url}
      </h2>
      <div className="webhook-meta">
        <span className={`status-pill ${s.active ? 'ok' : 'off'}`}>{s.active ? 'Active' : 'Disabled'}</span>
        <span>{scope}</span>
        <span>
          Events: <code>{eventsOf(s.metadata).join(', ')}</code>
        </span>
        <span>
          Created by {s.createdBy?.displayName ?? 'a removed account'}, {formatDateTime(s.createdAt)}
        </span>
      </div>
      {s.description && <p className="hint">{s.description}</p>}
      {!s.active && (
        <p className="notice">
          Disabled {formatDateTime(s.disabledAt)}: {s.disabledCause ? DISABLED_CAUSES[s.disabledCause] : ''}
          {s.disabledReason && (s.disabledCause === 'FAILING' || s.disabledCause === 'GONE') ? ` (${s.disabledReason})` : ''}{' '}
          Events meanwhile are logged as
          skipped; redeliver the ones you want after enabling it.
        </p>
      )}
      {s.active && s.failingSince && (
        <p className="notice">
          Failing since {formatDateTime(s.failingSince)}: after 3 days without a success it is disabled.
        </p>
      )}
      {actionError && (
        <p className="form-error" role="alert">
          {actionError}
        </p>
      )}
      {pingResult && <p className="ping-result">{pingResult}</p>}
      <div className="form-actions">
        <button type="button" onClick={() => void test()} disabled={ping.fetching}>
          Send test ping
        </button>
        <button type="button" aria-expanded={open} aria-controls={`webhook-${s.id}-deliveries`} onClick={() => setOpen((v) => !v)}>
          {open ? 'Hide deliveries' : 'Show deliveries'}
        </button>
        {s.active ? (
          <button type="button" onClick={() => void setActive(false)}>
            Disable
          </button>
        ) : (
          <button type="button" className="primary" onClick={() => void setActive(true)}>
            Enable
          </button>
        )}
        <button type="button" className="danger" onClick={askDelete}>
          Delete
        </button>
      </div>
      <div id={`webhook-${s.id}-deliveries`}>
        {open && <WebhookDeliveries subscriptionId={s.id} active={s.active} url={s.url} />}
      </div>
      {confirmation && <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />}
    </section>
  );
}
