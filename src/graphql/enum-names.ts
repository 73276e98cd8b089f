// The GraphQL names of the closed sets, one map per enum: the domain, the
// database and the spec's REST and tool routes speak the spec's strings
// (`high`, `Normal`, `Flattened_Card`, `asc`, `task.created`), GraphQL speaks
// its conventional SCREAMING_SNAKE_CASE (`HIGH`, `NORMAL`, `FLATTENED_CARD`,
// `ASC`, `TASK_CREATED`). The schema's enums keep the spec string as each
// value's internal value (resolvers and domain code never see the names);
// the facades map back and forth with the same map: presenters read names
// (`spec`), the routes' `toVariables` send names (`name`). Pure data: no
// schema builder here, so the presenters import it without the schema.
import { CONTENT_TYPES } from '../content/render.ts';
import { STATUSES } from '../domain/fields.ts';
import { NOTIFICATION_TYPES } from '../domain/notification.ts';
import { TEAM_ROLES } from '../domain/team-member.ts';
import { PRIORITIES } from '../domain/task/fields.ts';
import { SUBTASK_SETTINGS, VIEW_LAYOUTS } from '../domain/view.ts';
import { BOARD_EVENTS, USER_EVENTS, WEBHOOK_EVENTS } from '../events/outbox.ts';

/** `createdAt` → `CREATED_AT`, `Flattened_Card` → `FLATTENED_CARD`, `task.created` → `TASK_CREATED`. */
type Screaming<S extends string> = S extends `${infer A}.${infer B}`
  ? `${Screaming<A>}_${Screaming<B>}`
  : S extends `${infer A}_${infer B}`
    ? `${Screaming<A>}_${Screaming<B>}`
    : Uppercase<CamelSplit<S>>;
type CamelSplit<S extends string, Out extends string = ''> = S extends `${infer C}${infer Rest}`
  ? C extends Lowercase<C>
    ? CamelSplit<Rest, `${Out}${C}`>
    : Out extends ''
      ? CamelSplit<Rest, C>
      : CamelSplit<Rest, `${Out}_${C}`>
  : Out;

/** The GraphQL name of a spec string (the type-level rule above, at run time). */
export function screaming<S extends string>(spec: S): Screaming<S> {
  return spec
    .replace(/\./g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase() as Screaming<S>;
}

/** One enum: its spec strings in order and the two directions of the map. */
export interface EnumNames<S extends string, N extends string> {
  /** The GraphQL enum's name (`Priority`). */
  readonly enumName: string;
  /** The spec strings, in the order the domain lists them. */
  readonly specs: readonly S[];
  /** Spec string → GraphQL name; null and undefined pass through. */
  name(spec: S): N;
  name<T extends null | undefined>(spec: S | T): N | T;
  /** GraphQL name → spec string; null and undefined pass through. */
  spec(name: N): S;
  spec<T extends null | undefined>(name: N | T): S | T;
}

/** The map of an enum whose GraphQL names follow the spec strings by {@link screaming}. */
export function enumNames<const S extends string>(enumName: string, specs: readonly S[]): EnumNames<S, Screaming<S>> {
  const toName = new Map<string, string>(specs.map((s) => [s, screaming(s)]));
  const toSpec = new Map<string, string>(specs.map((s) => [screaming(s), s]));
  const look = (map: Map<string, string>, value: string | null | undefined, what: string) => {
    if (value == null) return value;
    const found = map.get(value);
    // Inputs are checked before they get here (zod, GraphQL): a miss is a programming error.
    if (found === undefined) throw new Error(`${enumName}: no ${what} for ${JSON.stringify(value)}`);
    return found;
  };
  return {
    enumName,
    specs,
    name: (spec: string | null | undefined) => look(toName, spec, 'GraphQL name') as never,
    spec: (name: string | null | undefined) => look(toSpec, name, 'spec string') as never,
  };
}

/**
 * The `values` of a Pothos enum: each GraphQL name with the spec string as
 * its internal value, described. Resolvers return and receive spec strings.
 */
export function enumValues<S extends string, N extends string>(
  names: EnumNames<S, N>,
  descriptions: Record<S, string>,
): { [K in N]: { value: S; description: string } } {
  return Object.fromEntries(names.specs.map((s) => [names.name(s), { value: s, description: descriptions[s] }])) as never;
}

/** Task priority (`high` ↔ `HIGH`). */
export const PRIORITY = enumNames('Priority', PRIORITIES);
/** Lifecycle of projects and tasks (`Normal` ↔ `NORMAL`). */
export const STATUS = enumNames('Status', STATUSES);
/** Sort key of project lists (`createdAt` ↔ `CREATED_AT`). */
export const PROJECT_SORT = enumNames('ProjectSort', ['title', 'createdAt', 'updatedAt'] as const);
/** Sort direction (`asc` ↔ `ASC`). */
export const SORT_ORDER = enumNames('SortOrder', ['asc', 'desc'] as const);
/** A saved view's subtask display (`Flattened_Card` ↔ `FLATTENED_CARD`). */
export const SUBTASK_SETTING = enumNames('SubtaskSetting', SUBTASK_SETTINGS);
/** A saved view's layout (`board` ↔ `BOARD`). */
export const VIEW_LAYOUT = enumNames('ViewLayout', VIEW_LAYOUTS);
/** What an assignee is (`user` ↔ `USER`). */
export const ASSIGNEE_KIND = enumNames('AssigneeKind', ['user', 'agent'] as const);
/** Role in a team (`owner` ↔ `OWNER`). */
export const TEAM_ROLE = enumNames('TeamRole', TEAM_ROLES);
/** The markup of a text written (`markdown` ↔ `MARKDOWN`). */
export const CONTENT_TYPE = enumNames('ContentType', CONTENT_TYPES);
/** Kind of an inbox entry (`task_updated` ↔ `TASK_UPDATED`). */
export const NOTIFICATION_TYPE = enumNames('NotificationType', NOTIFICATION_TYPES);
/** State of a webhook delivery (`pending` ↔ `PENDING`). */
export const WEBHOOK_DELIVERY_STATUS = enumNames('WebhookDeliveryStatus', ['pending', 'succeeded', 'failed', 'skipped'] as const);
/** Outcome of one webhook attempt (`unknown` ↔ `UNKNOWN`). */
export const WEBHOOK_ATTEMPT_OUTCOME = enumNames('WebhookAttemptOutcome', ['unknown', 'succeeded', 'failed'] as const);
/** Why a webhook subscription was disabled (`creator_lost_access` ↔ `CREATOR_LOST_ACCESS`). */
export const WEBHOOK_DISABLED_CAUSE = enumNames('WebhookDisabledCause', [
  'gone',
  'failing',
  'manual',
  'creator_lost_access',
] as const);
/** How a session started (`password` ↔ `PASSWORD`). */
export const SESSION_METHOD = enumNames('SessionMethod', ['password', 'invite', 'key'] as const);
/** Events of a board view (`task.deleted` ↔ `TASK_DELETED`). */
export const BOARD_EVENT_KIND = enumNames('BoardEventKind', BOARD_EVENTS);
/** Task events, as webhooks get them (`task.assigned` ↔ `TASK_ASSIGNED`). */
export const TASK_EVENT_KIND = enumNames('TaskEventKind', WEBHOOK_EVENTS);
/** Events of one person's inbox (`notification.created` ↔ `NOTIFICATION_CREATED`). */
export const INBOX_EVENT_KIND = enumNames('InboxEventKind', USER_EVENTS);
