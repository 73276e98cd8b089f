import { useQuery } from 'urql';
import { graphql } from '../../gql';
import { Link, type Route, teamSettingsPath } from '../../router';

/** The viewer's teams, for the settings navigation and the team screen. */
export const SettingsTeamsQuery = graphql(`
  query SettingsTeams {
    teams {
      id
      number
      title
      viewerRole
    }
  }
`);

/**
 * The settings' own navigation: the account, each of the viewer's teams and
 * the webhooks. A list of links (a row that scrolls sideways at phone width).
 */
export function SettingsNav({ route }: { route: Route }) {
  const [{ data }] = useQuery({ query: SettingsTeamsQuery });
  const current = (match: boolean) => (match ? ('page' as const) : undefined);
  return (
    <nav className="settings-nav" aria-label="Settings">
      <ul>
        <li>
          <Link to="/settings/account" aria-current={current(route.name === 'account')}>
            Account
          </Link>
        </li>
        {data?.teams.map((team) => (
          <li key={team.id}>
            <Link
              to={teamSettingsPath(team.number)}
              aria-current={current(route.name === 'team-settings' && route.teamNumber === team.number)}
            >
              Team: {team.title}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/settings/webhooks" aria-current={current(route.name === 'webhooks')}>
            Webhooks
          </Link>
        </li>
      </ul>
    </nav>
  );
}
