import { z } from 'zod';
import { NAME_LIMITS } from './fields.ts';
import type { Db } from '../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { WEBHOOK_EVENT_LIST, WEBHOOK_EVENTS, type WebhookEventName } from '../events/outbox.ts';
import { assertLiteralHostAllowed } from '../events/webhook-destination.ts';
import { newWebhookSecret } from '../events/webhook-signature.ts';
import { wake } from '../events/wakeup.ts';
import type { Prisma, WebhookSubscription } from '../generated/prisma/client.ts';
import { ownedTeamsWhere, requireProject, requireTeam, visibleWebhooksWhere } from './access.ts';
import { pageFields, pageWindow } from './page.ts';
import { creatorHoldsWebhook } from './webhook-creator.ts';
import { parseInput } from './validate.ts';

/** The metadata key that selects events (spec 6, rule 1). */
export const EVENT_TYPE_KEY = 'X-Event-Type';

/** Subscriptions per project or team, as GitHub limits hooks per repository. */
export const MAX_SUBSCRIPTIONS_PER_SCOPE = 20;

/**
 * Subscriptions of one team altogether (team-wide and on all its boards):
 * boards per team are unlimited, so the per-board cap alone would not bound
 * what one team asks of the shared deliverer.
 */
export const MAX_SUBSCRIPTIONS_PER_TEAM = 100;

/** Longest subscription description (characters). */
export const WEBHOOK_DESCRIPTION_MAX = 500;

/** Domain options that depend on configuration. */
export interface WebhookPolicy {
  /** Accept private, loopback and link-local destinations (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
}

/**
 * Validates `metadata`: an object whose only key is `X-Event-Type` (any
 * letter case), listing one or more known event names. Returns the stored
 * form, names de-duplicated in the order of spec 6.
 */
export function parseWebhookMetadata(value: unknown, field = 'metadata'): { [EVENT_TYPE_KEY]: WebhookEventName[] } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(
      field,
      `${field} must be an object like {"${EVENT_TYPE_KEY}": ["task.updated"]}.`,
      'invalid_type',
    );
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const unknownKey = entries.find(([k]) => k.toLowerCase() !== EVENT_TYPE_KEY.toLowerCase());
  if (unknownKey) {
    throw new ValidationError(
      field,
      `Unknown ${field} key "${unknownKey[0]}": only "${EVENT_TYPE_KEY}" is supported.`,
      'unrecognized_keys',
    );
  }
  if (entries.length !== 1) {
    throw new ValidationError(field, `${field} must list the events to receive in "${EVENT_TYPE_KEY}".`, 'required');
  }
  const names = entries[0][1];
  if (!Array.isArray(names) || names.length === 0 || names.some((n) => typeof n !== 'string')) {
    throw new ValidationError(
      field,
      `${field}["${EVENT_TYPE_KEY}"] must be a non-empty array of event names.`,
      'invalid_type',
    );
  }
  const unknownName = names.find((n) => !(WEBHOOK_EVENTS as readonly string[]).includes(n));
  if (unknownName !== undefined) {
    throw new ValidationError(
      field,
      `Unknown event "${String(unknownName).slice(0, 100)}" in ${field}["${EVENT_TYPE_KEY}"]; known events: ${WEBHOOK_EVENT_LIST}.`,
      'invalid_event',
    );
  }
  return { [EVENT_TYPE_KEY]: WEBHOOK_EVENTS.filter((e) => names.includes(e)) };
}

/** A subscription's destination: an absolute http(s) URL, 1 to NAME_LIMITS.urlMax characters (trimmed). */
export const webhookUrlField = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(NAME_LIMITS.urlMax)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        return false;
      }
    }, 'must be an absolute http:// or https:// URL');

const urlSchema = webhookUrlField();

function parseUrl(raw: unknown, policy: WebhookPolicy): string {
  const url = parseInput(z.object({ url: urlSchema }), { url: raw }).url;
  if (!policy.allowPrivate) {
    try {
      assertLiteralHostAllowed(new URL(url));
    } catch (err) {
      throw new ValidationError('url', (err as Error).message, 'private_destination');
    }
  }
  return url;
}

/** A subscription's free-text description: at most WEBHOOK_DESCRIPTION_MAX characters (trimmed; empty clears it). */
export const webhookDescriptionField = () => z.string().trim().max(WEBHOOK_DESCRIPTION_MAX);

const descriptionSchema = webhookDescriptionField().nullish();

export interface CreateWebhookInput {
  url: unknown;
  projectId?: number | null;
  /** Numeric id or UUID. */
  teamId?: number | string | null;
  metadata?: unknown;
  description?: string | null;
}

/**
 * Creates a subscription on a board the user is on, or on a team the user
 * owns (one of the two; team members get FORBIDDEN `not_team_owner`). The
 * user becomes its creator: it delivers only while they still see its
 * board (own its team). Returns the row with its signing secret, which no other
 * response shows again.
 */
export async function createWebhookSubscription(
  db: Db,
  userId: number,
  input: CreateWebhookInput,
  policy: WebhookPolicy,
): Promise<WebhookSubscription> {
  const url = parseUrl(input.url, policy);
  const metadata = parseWebhookMetadata(input.metadata);
  const description = parseInput(z.object({ description: descriptionSchema }), {
    description: input.description,
  }).description;
  const hasProject = input.projectId !== undefined && input.projectId !== null;
  const hasTeam = input.teamId !== undefined && input.teamId !== null && input.teamId !== '';
  if (hasProject === hasTeam) {
    throw new ValidationError(
      hasProject ? 'teamId' : 'projectId',
      hasProject
        ? 'Give a project or a team as the scope, not both.'
        : 'A subscription needs a scope: a project id or a team id.',
      hasProject ? 'exclusive' : 'required',
    );
  }
  const project = hasProject ? await requireProject(db, userId, input.projectId!, 'projectId') : null;
  const scope = project ? { projectId: project.id } : { teamId: (await requireTeamOwnerForWebhooks(db, userId, input.teamId!)).id };
  const teamId = project ? project.teamId : scope.teamId!;
  if (teamId !== null) {
    const ofTeam = await db.webhookSubscription.count({ where: { OR: [{ teamId }, { project: { teamId } }] } });
    if (ofTeam >= MAX_SUBSCRIPTIONS_PER_TEAM) {
      throw new ValidationError(
        hasProject ? 'projectId' : 'teamId',
        `A team can have at most ${MAX_SUBSCRIPTIONS_PER_TEAM} webhook subscriptions across its boards and team-wide.`,
        'limit_exceeded',
      );
    }
  }
  const existing = await db.webhookSubscription.count({ where: scope });
  if (existing >= MAX_SUBSCRIPTIONS_PER_SCOPE) {
    throw new ValidationError(
      hasProject ? 'projectId' : 'teamId',
      `A ${hasProject ? 'project' : 'team'} can have at most ${MAX_SUBSCRIPTIONS_PER_SCOPE} webhook subscriptions.`,
      'limit_exceeded',
    );
  }
  return db.webhookSubscription.create({
    data: {
      ...scope,
      url,
      metadata,
      description: description || null,
      secret: newWebhookSecret(),
      createdById: userId,
    },
  });
}

/**
 * A team the user owns, for a team-wide subscription: NOT_FOUND when they
 * are not in it, FORBIDDEN `not_team_owner` when they are only a member.
 */
async function requireTeamOwnerForWebhooks(db: Db, userId: number, teamRef: number | string) {
  const team = await requireTeam(db, userId, teamRef, 'teamId');
  const owned = await db.team.count({ where: { id: team.id, ...ownedTeamsWhere(userId) } });
  if (!owned) {
    throw new ForbiddenError(
      `Only an owner of team "${team.title}" can subscribe to all of its boards; subscribe to a board instead.`,
      'teamId',
      'not_team_owner',
    );
  }
  return team;
}

/**
 * The user may take over a subscription whose creator no longer holds it:
 * an owner of the board's team (of the team, for a team-wide one, which
 * only owners see anyway). A board outside any team has no owners: any of
 * its members may.
 */
async function requireTakeOver(db: Db, userId: number, sub: WebhookSubscription) {
  const teamId = sub.teamId ?? (await db.project.findUniqueOrThrow({ where: { id: sub.projectId! } })).teamId;
  if (teamId === null) return;
  const owned = await db.team.count({ where: { id: teamId, ...ownedTeamsWhere(userId) } });
  if (!owned) {
    throw new ForbiddenError(
      'Its creator no longer sees its board or team: only an owner of the team can re-enable it (and becomes its creator).',
      'active',
      'not_team_owner',
    );
  }
}

/** Loads a subscription the user may manage, or NOT_FOUND. */
export async function requireWebhookSubscription(db: Db, userId: number, id: number, field = 'subscriptionId') {
  const row = await db.webhookSubscription.findFirst({ where: { id, ...visibleWebhooksWhere(userId) } });
  if (!row) throw new NotFoundError(`Webhook subscription ${id}`, field);
  return row;
}

export interface UpdateWebhookInput {
  metadata?: unknown;
  url?: unknown;
  description?: string | null;
  active?: boolean | null;
}

/**
 * Changes a subscription's events (`metadata`), URL, description or state.
 * `active: true` re-enables a disabled one and clears its failure streak;
 * re-enabling one whose creator no longer sees its board or team is taking
 * it over: only an owner of the team may (FORBIDDEN `not_team_owner`), who
 * becomes its creator. The scope cannot change (delete and create instead).
 */
export async function updateWebhookSubscription(
  db: Db,
  userId: number,
  id: number,
  input: UpdateWebhookInput,
  policy: WebhookPolicy,
): Promise<WebhookSubscription> {
  const data: Prisma.WebhookSubscriptionUpdateInput = {};
  if (input.metadata !== undefined) data.metadata = parseWebhookMetadata(input.metadata);
  if (input.url !== undefined && input.url !== null) data.url = parseUrl(input.url, policy);
  if (input.description !== undefined) {
    data.description =
      parseInput(z.object({ description: descriptionSchema }), { description: input.description }).description || null;
  }
  if (input.active !== undefined && input.active !== null) {
    data.active = input.active;
    data.disabledReason = input.active ? null : 'Disabled through the API.';
    data.disabledCause = input.active ? null : 'manual';
    data.disabledAt = input.active ? null : new Date();
    if (input.active) data.failingSince = null;
  }
  // A new destination, or one an owner turns back on, starts with a closed circuit.
  if (data.url !== undefined || input.active === true) {
    Object.assign(data, { timeoutStreak: 0, circuitOpenSince: null, circuitProbeAt: null });
  }
  if (Object.keys(data).length === 0) {
    throw new ValidationError('metadata', 'Nothing to change: give metadata, url, description or active.', 'required');
  }
  const sub = await requireWebhookSubscription(db, userId, id);
  if (input.active === true && !(await creatorHoldsWebhook(db, id))) {
    // Re-enabling one whose creator left is taking it over: it then runs on the new creator's access.
    await requireTakeOver(db, userId, sub);
    data.createdBy = { connect: { id: userId } };
  }
  return db.webhookSubscription.update({ where: { id }, data });
}

/**
 * Filter and order of the subscription list: the ones the user can see,
 * newest first, optionally one project's or one team's (NOT_FOUND when not
 * theirs).
 */
export async function webhookListQuery(db: Db, userId: number, args: { projectId?: number | null; teamId?: string | number | null }) {
  const scope: { projectId?: number; teamId?: number } = {};
  if (args.projectId != null) scope.projectId = (await requireProject(db, userId, args.projectId, 'projectId')).id;
  if (args.teamId != null) scope.teamId = (await requireTeam(db, userId, String(args.teamId), 'teamId')).id;
  const where: Prisma.WebhookSubscriptionWhereInput = { ...scope, ...visibleWebhooksWhere(userId) };
  return { where, orderBy: { id: 'desc' as const } };
}

/** Deletes a subscription with its delivery log. */
export async function deleteWebhookSubscription(db: Db, userId: number, id: number): Promise<void> {
  await requireWebhookSubscription(db, userId, id);
  await db.webhookSubscription.delete({ where: { id } });
}

const deliveryListInput = z.object({
  status: z.enum(['pending', 'succeeded', 'failed', 'skipped']).nullish(),
  ...pageFields(),
});

/** Where/paging of a subscription's delivery log, newest first; NOT_FOUND for a subscription the user cannot see. */
export async function deliveryListQuery(
  db: Db,
  userId: number,
  subscriptionId: number,
  input: z.input<typeof deliveryListInput>,
) {
  const args = parseInput(deliveryListInput, input);
  await requireWebhookSubscription(db, userId, subscriptionId);
  const where: Prisma.WebhookDeliveryWhereInput = { subscriptionId, ...(args.status ? { status: args.status } : {}) };
  return {
    where,
    orderBy: { id: 'desc' as const },
    ...pageWindow(args),
  };
}

/**
 * Queues a delivery again (any status), with the same event, payload and
 * `webhook-id`, its retry schedule restarted. Refused while the
 * subscription is disabled: re-enable it first.
 */
export async function redeliverWebhook(db: Db, userId: number, subscriptionId: number, deliveryId: number) {
  const sub = await requireWebhookSubscription(db, userId, subscriptionId);
  const delivery = await db.webhookDelivery.findFirst({ where: { id: deliveryId, subscriptionId } });
  if (!delivery) throw new NotFoundError(`Delivery ${deliveryId}`, 'deliveryId');
  if (!sub.active) {
    throw new ConflictError(
      'The subscription is disabled; re-enable it with PATCH {"active": true} first.',
      'subscriptionId',
      'disabled',
    );
  }
  await db.$executeRaw`
    UPDATE "WebhookDelivery"
    SET status = 'pending'::"DeliveryStatus", "attemptCount" = 0,
        "nextAttemptAt" = timezone('UTC', now()), "updatedAt" = timezone('UTC', now())
    WHERE id = ${deliveryId}::integer`;
  wake('deliveries');
  return delivery.id;
}
