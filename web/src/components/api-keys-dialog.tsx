import { type FormEvent, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { graphql } from '../gql';
import { errorMessage } from '../graphql/errors';
import { useAnnounce } from './announcer';
import { Dialog } from './dialog';
import { formatDateTime } from './format';
import { ShownOnce } from './shown-once';

/** At most this many active keys per person (the service's rule, src/domain/api-key.ts). */
export const MAX_ACTIVE_KEYS = 10;

const ApiKeys = graphql(`
  query ApiKeys {
    apiKeys {
      id
      label
      prefix
      createdAt
      lastUsedAt
      revokedAt
    }
  }
`);

const CreateKey = graphql(`
  mutation CreateApiKey($label: String) {
    createApiKey(label: $label) {
      id
      key
      prefix
      label
    }
  }
`);

const RevokeKey = graphql(`
  mutation RevokeApiKey($id: Int!) {
    revokeApiKey(id: $id)
  }
`);

/**
 * The REST API's keys of the signed-in person: list (label, prefix, created,
 * last used), create (the full key shown once, with a copy button), revoke.
 */
export function ApiKeysDialog({ onClose }: { onClose: () => void }) {
  const announce = useAnnounce();
  const [{ data, error }, refetch] = useQuery({ query: ApiKeys, requestPolicy: 'network-only' });
  const [create, createKey] = useMutation(CreateKey);
  const [, revokeKey] = useMutation(RevokeKey);
  const [created, setCreated] = useState<{ key: string; label: string | null } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const active = (data?.apiKeys ?? []).filter((k) => !k.revokedAt);
  const atLimit = active.length >= MAX_ACTIVE_KEYS;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const label = String(new FormData(form).get('label') ?? '').trim() || null;
    setActionError(null);
    const result = await createKey({ label });
    if (result.error) {
      setActionError(errorMessage(result.error));
      // Refused at the limit by keys made elsewhere meanwhile: the list (and its limit note) catches up.
      return refetch({ requestPolicy: 'network-only' });
    }
    setCreated({ key: result.data!.createApiKey.key, label });
    form.reset();
    refetch({ requestPolicy: 'network-only' });
    announce('API key created. Copy it now: it is shown only once.');
  };

  const revoke = async (id: number, name: string) => {
    setActionError(null);
    const result = await revokeKey({ id });
    if (result.error) return setActionError(errorMessage(result.error));
    refetch({ requestPolicy: 'network-only' });
    announce(`Revoked ${name}.`);
  };

  return (
    <Dialog title="API keys" onClose={onClose} className="api-keys" describedBy="api-keys-intro">
      <p id="api-keys-intro">
        Keys let scripts and integrations use the REST API (<code>/api/v1</code>), the tool routes and GraphQL as you:
        send <code>Authorization: Bearer &lt;key&gt;</code>. A key is shown once, when it is created. Reference:{' '}
        <a href="/docs">/docs</a>.
      </p>
      {created && (
        <ShownOnce
          title={`New key${created.label ? `: ${created.label}` : ''}`}
          note="Copy it now: it will not be shown again."
          value={created.key}
          label="New API key"
          what="key"
          onDone={() => setCreated(null)}
        />
      )}
      {error && <p role="alert">{errorMessage(error)}</p>}
      {actionError && (
        <p className="form-error" role="alert">
          {actionError}
        </p>
      )}
      <table className="key-table">
        <caption className="sr-only">Active API keys</caption>
        <thead>
          <tr>
            <th scope="col">Label</th>
            <th scope="col">Prefix</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {active.length === 0 && (
            <tr>
              <td colSpan={5} className="empty">
                No active keys.
              </td>
            </tr>
          )}
          {active.map((k) => {
            const name = k.label ? `key "${k.label}"` : `key ${k.prefix}…`;
            return (
              <tr key={k.id}>
                <td>{k.label ?? <span className="empty">No label</span>}</td>
                <td>
                  <code>{k.prefix}…</code>
                </td>
                <td>{formatDateTime(k.createdAt)}</td>
                <td>{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never'}</td>
                <td>
                  <button
                    type="button"
                    className="danger"
                    aria-label={`Revoke ${name}`}
                    onClick={() => void revoke(k.id, name)}
                  >
                    Revoke
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {atLimit ? (
        <p className="notice" role="note">
          You have {MAX_ACTIVE_KEYS} active keys, the most a person may hold. Revoke one you no longer use to create
          another.
        </p>
      ) : (
        <form className="inline-form" onSubmit={submit}>
          <label>
            Label
            <input name="label" maxLength={100} placeholder="e.g. CI pipeline" />
          </label>
          <button type="submit" className="primary" disabled={create.fetching}>
            Create key
          </button>
        </form>
      )}
    </Dialog>
  );
}
