import { graphql } from '../../gql';

/** The webhook subscriptions the viewer may manage: of their boards, and team-wide ones of teams they own. */
export const WebhooksQuery = graphql(`
  query Webhooks {
    webhookSubscriptions {
      id
      url
      description
      active
      createdAt
      createdBy {
        id
        displayName
      }
      disabledAt
      disabledCause
      disabledReason
      failingSince
      metadata
      projectId
      team {
        id
        title
      }
    }
    projects(limit: 100) {
      items {
        id
        title
      }
    }
    teams {
      id
      title
      viewerRole
    }
  }
`);

/** The newest deliveries of one subscription, with their attempts. */
export const WebhookDeliveriesQuery = graphql(`
  query WebhookDeliveries($subscriptionId: Int!) {
    webhookDeliveries(subscriptionId: $subscriptionId, limit: 20) {
      total
      items {
        id
        event
        eventId
        ticketNumber
        status
        attemptCount
        lastStatusCode
        nextAttemptAt
        createdAt
        attempts {
          id
          outcome
          statusCode
          durationMs
          error
          responseExcerpt
          createdAt
        }
      }
    }
  }
`);

export const CreateWebhook = graphql(`
  mutation CreateWebhook($input: CreateWebhookSubscriptionInput!) {
    createWebhookSubscription(input: $input) {
      secret
      subscription {
        id
        url
      }
    }
  }
`);

export const UpdateWebhook = graphql(`
  mutation UpdateWebhook($id: Int!, $input: UpdateWebhookSubscriptionInput!) {
    updateWebhookSubscription(id: $id, input: $input) {
      id
      active
      disabledCause
    }
  }
`);

export const DeleteWebhook = graphql(`
  mutation DeleteWebhook($id: Int!) {
    deleteWebhookSubscription(id: $id) {
      id
    }
  }
`);

export const TestWebhook = graphql(`
  mutation TestWebhook($id: Int!) {
    testWebhookSubscription(id: $id) {
      delivered
      statusCode
      durationMs
      error
    }
  }
`);

export const Redeliver = graphql(`
  mutation RedeliverWebhook($subscriptionId: Int!, $deliveryId: Int!) {
    redeliverWebhookDelivery(subscriptionId: $subscriptionId, deliveryId: $deliveryId) {
      id
      status
    }
  }
`);
