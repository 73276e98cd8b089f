import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useClient, useQuery } from 'urql';
import { useCurrentScreenCommands } from '../commands';
import { graphql } from '../gql';
import { boardPath, navigate } from '../router';
import { BoardsQuery } from '../screens/boards';
import { Dialog } from './dialog';

const SearchAll = graphql(`
  query CommandSearch($query: String!) {
    searchTasks(query: $query, limit: 8) {
      items {
        id
        projectId
        ticketNumber
        title
      }
    }
  }
`);

/** One entry of the menu. */
interface Command {
  id: string;
  label: string;
  group: string;
  run: () => void;
}

/** Whether the keyboard event is the menu's shortcut (Ctrl+K, or Cmd+K on a Mac). */
export function isCommandMenuShortcut(e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) {
  return e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey) && !e.altKey;
}

/**
 * The command menu: type to filter actions (the current screen's, create a
 * task, go to a board, inbox, REST API keys, sign out) and find tasks on
 * every board with the typo-tolerant search. ↑/↓ choose, Enter runs, Escape
 * closes.
 */
export function CommandMenu({
  onClose,
  onCreateTask,
  onApiKeys,
  onSignOut,
}: {
  onClose: () => void;
  /** "Create task" away from a board, where the board's own command is absent: asks for the board. */
  onCreateTask: () => void;
  onApiKeys: () => void;
  onSignOut: () => void;
}) {
  const client = useClient();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [found, setFound] = useState<{ query: string; commands: Command[] }>({ query: '', commands: [] });
  const [{ data: boards }] = useQuery({ query: BoardsQuery });
  const screen = useCurrentScreenCommands();

  const go = (path: string) => () => navigate(path);
  const commands = useMemo<Command[]>(
    () => [
      ...screen.map((c) => ({ ...c, group: 'This board' })),
      ...(screen.some((c) => c.id === 'create-task')
        ? []
        : [{ id: 'create-task', label: 'Create task', group: 'Tasks', run: onCreateTask }]),
      ...(boards?.projects.items ?? []).map((b) => ({
        id: `board-${b.id}`,
        label: `Go to board ${b.title}`,
        group: 'Boards',
        run: go(boardPath(b.id)),
      })),
      { id: 'boards', label: 'All boards', group: 'Go to', run: go('/') },
      { id: 'inbox', label: 'Inbox', group: 'Go to', run: go('/inbox') },
      { id: 'account', label: 'Account settings', group: 'Account', run: go('/settings/account') },
      { id: 'team-settings', label: 'Team settings', group: 'Account', run: go('/settings/teams') },
      { id: 'webhooks', label: 'Webhooks', group: 'Account', run: go('/settings/webhooks') },
      { id: 'api', label: 'REST API', group: 'Account', run: onApiKeys },
      { id: 'sign-out', label: 'Sign out', group: 'Account', run: onSignOut },
    ],
    [screen, boards, onCreateTask, onApiKeys, onSignOut],
  );

  // Tasks on every board, from the search (debounced; two characters at least).
  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) return;
    const timer = setTimeout(async () => {
      const result = await client.query(SearchAll, { query: q }, { requestPolicy: 'network-only' }).toPromise();
      const commands = (result.data?.searchTasks.items ?? []).map((t) => ({
        id: `task-${t.id}`,
        label: `${t.ticketNumber} ${t.title}`,
        group: 'Tasks',
        run: go(boardPath(t.projectId, t.ticketNumber)),
      }));
      setFound({ query: q, commands });
    }, 200);
    return () => clearTimeout(timer);
  }, [query, client]);

  const q = query.trim().toLocaleLowerCase();
  const tasks = found.query.toLocaleLowerCase() === q && q.length >= 2 ? found.commands : [];
  const shown = [...commands.filter((c) => !q || c.label.toLocaleLowerCase().includes(q)), ...tasks];
  const index = Math.min(active, Math.max(shown.length - 1, 0));

  const run = (command: Command) => {
    onClose();
    command.run();
  };
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (shown.length) setActive((index + (e.key === 'ArrowDown' ? 1 : shown.length - 1)) % shown.length);
    } else if (e.key === 'Enter' && shown[index]) {
      e.preventDefault();
      run(shown[index]);
    }
  };

  return (
    <Dialog title="Command menu" onClose={onClose} className="command-menu">
      <input
        className="command-input"
        role="combobox"
        aria-label="Type a command or search tasks"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown[index] ? `${listId}-${shown[index].id}` : undefined}
        placeholder="Type a command or search tasks…"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={keyDown}
        data-autofocus
      />
      <ul id={listId} role="listbox" aria-label="Commands" className="command-list">
        {shown.map((c, i) => (
          <li
            key={c.id}
            id={`${listId}-${c.id}`}
            role="option"
            aria-selected={i === index}
            className={i === index ? 'active' : undefined}
            onMouseMove={() => setActive(i)}
            onClick={() => run(c)}
          >
            <span className="command-group" aria-hidden="true">
              {c.group}
            </span>
            <span className="command-label">{c.label}</span>
          </li>
        ))}
        {shown.length === 0 && <li className="empty">No matching commands.</li>}
      </ul>
    </Dialog>
  );
}
