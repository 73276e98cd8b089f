import { type FormEvent, useCallback, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { useAnnounce } from '../../components/announcer';
import { ShownOnce } from '../../components/shown-once';
import { errorMessage } from '../../graphql/errors';
import type { Route } from '../../router';
import { usePageTitle } from '../page-title';
import { SettingsNav } from './settings-nav';
import { useRefreshOnFocus } from './use-refresh-on-focus';
import { WebhookCard } from './webhook-card';
import { CreateWebhook, WebhooksQuery } from './webhook-queries';

/** The events a subscription may receive (the service's webhook events). */
export const WEBHOOK_EVENTS = ['task.created', 'task.updated', 'task.assigned'] as const;

/**
 * The webhooks the viewer manages: board subscriptions of their boards and
 * team-wide ones of the teams they own, each with its state (and why it was
 * disabled), its creator, a test ping, its deliveries and their attempts
 * (redeliver one), and a form for a new one (its signing secret shown once).
 */
export function WebhooksScreen({ route }: { route: Route }) {
  usePageTitle('Webhooks');
  const [{ data, error }, refetch] = useQuery({ query: WebhooksQuery, requestPolicy: 'network-only' });
  const refresh = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  useRefreshOnFocus(refresh);
  const boards = new Map((data?.projects.items ?? []).map((p) => [p.id, p.title]));
  const subscriptions = data?.webhookSubscriptions ?? [];

  return (
    <div className="page settings-page">
      <SettingsNav route={route} />
      <div className="settings-content">
        <div className="page-header">
          <h1 tabIndex={-1}>Webhooks</h1>
        </div>
        <p className="settings-lead">
          Task events of a board, or of every board of a team you own, sent to a URL and signed the Standard Webhooks
          way. Reference: <a href="/docs">/docs</a>.
        </p>
        {error && <p role="alert">{errorMessage(error)}</p>}
        {data && subscriptions.length === 0 && <p className="empty">No webhooks yet.</p>}
        {subscriptions.map((s) => (
          <WebhookCard
            key={s.id}
            subscription={s}
            scope={
              s.team
                ? `Team ${s.team.title} (every board)`
                : `Board ${boards.get(s.projectId ?? 0) ?? `#${s.projectId}`}`
            }
            onChanged={refresh}
          />
        ))}
        {data && (
          <NewWebhook
            boards={data.projects.items}
            teams={data.teams.filter((t) => t.viewerRole === 'OWNER')}
            onCreated={refresh}
          />
        )}
      </div>
    </div>
  );
}

function NewWebhook({
  boards,
  teams,
  onCreated,
}: {
  boards: readonly { id: number; title: string }[];
  teams: readonly { id: string; title: string }[];
  onCreated: () => void;
}) {
  const announce = useAnnounce();
  const [state, create] = useMutation(CreateWebhook);
  const [problem, setProblem] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const fields = new FormData(form);
    const events = fields.getAll('events').map(String);
    const scope = String(fields.get('scope') ?? '');
    setProblem(null);
    if (events.length === 0) return setProblem('Choose at least one event.');
    const [kind, id] = scope.split(':');
    const description = String(fields.get('description') ?? '').trim();
    const result = await create({
      input: {
        url: String(fields.get('url') ?? '').trim(),
        metadata: { 'X-Event-Type': events },
        ...(kind === 'team' ? { teamId: id } : { projectId: Number(id) }),
        ...(description ? { description } : {}),
      },
    });
    if (result.error || !result.data) return setProblem(errorMessage(result.error));
    const created = result.data.createWebhookSubscription;
    setSecret({ url: created.subscription.url, secret: created.secret });
    form.reset();
    announce('Webhook created. Copy its signing secret now: it is shown only once.');
    onCreated();
  };

  return (
    <section aria-labelledby="new-webhook-title" className="settings-section">
      <h2 id="new-webhook-title">New webhook</h2>
      {secret && (
        <ShownOnce
          title={`Signing secret of ${secret.url}`}
          note="Store it now: it is not shown again. Receivers check each request’s signature with it."
          value={secret.secret}
          label="Signing secret"
          what="secret"
          onDone={() => setSecret(null)}
        />
      )}
      {boards.length === 0 && teams.length === 0 ? (
        <p className="empty">Join a board to add a webhook.</p>
      ) : (
        <form className="stacked-form settings-form" onSubmit={submit} aria-labelledby="new-webhook-title">
          <label>
            Payload URL
            <input name="url" type="url" required maxLength={2048} placeholder="https://example.com/hooks/tasksvc" />
          </label>
          <label>
            Events of
            <select name="scope" required>
              {boards.map((b) => (
                <option key={b.id} value={`project:${b.id}`}>
                  Board {b.title}
                </option>
              ))}
              {teams.map((t) => (
                <option key={t.id} value={`team:${t.id}`}>
                  Team {t.title} (every board)
                </option>
              ))}
            </select>
          </label>
          <fieldset className="event-choice">
            <legend>Events</legend>
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event} className="inline-check">
                <input type="checkbox" name="events" value={event} defaultChecked={event !== 'task.assigned'} />
                <code>{event}</code>
              </label>
            ))}
          </fieldset>
          <label>
            Description (optional)
            <input name="description" maxLength={500} />
          </label>
          {problem && (
            <p className="form-error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="primary" disabled={state.fetching}>
            Add webhook
          </button>
        </form>
      )}
    </section>
  );
}
