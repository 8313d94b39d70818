import { graphql } from 'relay-runtime';

/**
 * The documents a partner's Relay front end writes against schema.graphql, compiled by
 * relay-compiler with its default configuration (test/relay/relay.config.json names only where
 * things are) into test/relay/__generated__, which relay.test.ts runs with relay-runtime. Never
 * run as code: the compiler reads the tagged templates, and the tests import what it generates.
 */

/** Every record type can be refetched alone: a fragment on it with `@refetchable`. */
export const cards = {
  organisation: graphql`
    fragment relayOrganisationCard_record on Organisation @refetchable(queryName: "relayOrganisationCardRefetchQuery") {
      id
      databaseId
      name
    }
  `,
  apiKey: graphql`
    fragment relayApiKeyCard_record on ApiKey @refetchable(queryName: "relayApiKeyCardRefetchQuery") {
      id
      databaseId
      prefix
    }
  `,
  user: graphql`
    fragment relayUserCard_record on User @refetchable(queryName: "relayUserCardRefetchQuery") {
      id
      databaseId
      firstName
    }
  `,
  advertiserAccount: graphql`
    fragment relayAdvertiserAccountCard_record on AdvertiserAccount @refetchable(queryName: "relayAdvertiserAccountCardRefetchQuery") {
      id
      databaseId
      name
    }
  `,
  member: graphql`
    fragment relayMemberCard_record on Member @refetchable(queryName: "relayMemberCardRefetchQuery") {
      id
      databaseId
      email
    }
  `,
  campaign: graphql`
    fragment relayCampaignCard_record on Campaign @refetchable(queryName: "relayCampaignCardRefetchQuery") {
      id
      databaseId
      campaignTitle
    }
  `,
  phase: graphql`
    fragment relayPhaseCard_record on Phase @refetchable(queryName: "relayPhaseCardRefetchQuery") {
      id
      databaseId
      phaseTitle
    }
  `,
  content: graphql`
    fragment relayContentCard_record on Content @refetchable(queryName: "relayContentCardRefetchQuery") {
      id
      databaseId
      contentName
    }
  `,
  distribution: graphql`
    fragment relayDistributionCard_record on Distribution @refetchable(queryName: "relayDistributionCardRefetchQuery") {
      id
      databaseId
      distributionLabel
    }
  `,
  mediaItem: graphql`
    fragment relayMediaItemCard_record on MediaItem @refetchable(queryName: "relayMediaItemCardRefetchQuery") {
      id
      databaseId
      fileUrl
    }
  `,
  primaryLink: graphql`
    fragment relayPrimaryLinkCard_record on PrimaryLink @refetchable(queryName: "relayPrimaryLinkCardRefetchQuery") {
      id
      databaseId
      originalLink
    }
  `,
  publisherProfile: graphql`
    fragment relayPublisherProfileCard_record on PublisherProfile @refetchable(queryName: "relayPublisherProfileCardRefetchQuery") {
      id
      databaseId
      name
    }
  `,
  publisherTitle: graphql`
    fragment relayPublisherTitleCard_record on PublisherTitle @refetchable(queryName: "relayPublisherTitleCardRefetchQuery") {
      id
      databaseId
      name
    }
  `,
  webhook: graphql`
    fragment relayWebhookCard_record on Webhook @refetchable(queryName: "relayWebhookCardRefetchQuery") {
      id
      databaseId
      name
    }
  `,
  webhookService: graphql`
    fragment relayWebhookServiceCard_record on WebhookService @refetchable(queryName: "relayWebhookServiceCardRefetchQuery") {
      id
      databaseId
      name
    }
  `,
  webhookDelivery: graphql`
    fragment relayWebhookDeliveryCard_record on WebhookDelivery @refetchable(queryName: "relayWebhookDeliveryCardRefetchQuery") {
      id
      databaseId
      eventType
    }
  `,
  event: graphql`
    fragment relayEventCard_record on Event @refetchable(queryName: "relayEventCardRefetchQuery") {
      id
      databaseId
      type
    }
  `,
};

/** The answer a normalising store broke when ids were unique per table only. */
export const overview = graphql`
  query relayOverviewQuery {
    campaigns(first: 5) {
      nodes {
        id
        campaignTitle
        createdAt
        updatedAt
        phases { id phaseTitle createdAt updatedAt campaignId }
      }
    }
    advertiserAccounts(first: 5) {
      nodes {
        id
        name
        createdAt
        updatedAt
        members { id email createdAt updatedAt advertiserAccountId }
      }
    }
    users(first: 5) { nodes { id firstName createdAt updatedAt } }
  }
`;

/** Paging `Query.campaigns` with `@connection`. */
export const campaignList = graphql`
  fragment relayCampaignList_query on Query @refetchable(queryName: "relayCampaignListPaginationQuery") @argumentDefinitions(count: { type: "Int", defaultValue: 2 }, cursor: { type: "String" }) {
    campaigns(first: $count, after: $cursor) @connection(key: "relayCampaignList_campaigns") {
      edges { node { id campaignTitle } }
    }
  }
`;

export const campaignListQuery = graphql`
  query relayCampaignListQuery {
    ...relayCampaignList_query
  }
`;

/** Paging a nested connection, `Campaign.contents`, as `usePaginationFragment` does. */
export const campaignContents = graphql`
  fragment relayCampaignContents_campaign on Campaign @refetchable(queryName: "relayCampaignContentsPaginationQuery") @argumentDefinitions(count: { type: "Int", defaultValue: 2 }, cursor: { type: "String" }) {
    id
    contents(first: $count, after: $cursor) @connection(key: "relayCampaignContents_contents") {
      edges { node { id contentName campaignId } }
    }
  }
`;

export const campaignContentsQuery = graphql`
  query relayCampaignContentsQuery($id: ID!) {
    campaign(id: $id) {
      ...relayCampaignContents_campaign
    }
  }
`;

/** A mutation whose payload updates the record in the store, by its id. */
export const renameCampaign = graphql`
  mutation relayRenameCampaignMutation($id: ID!, $title: String!) {
    campaignUpdate(id: $id, input: { campaignTitle: $title }) {
      campaign { id campaignTitle updatedAt }
      userErrors { field message }
    }
  }
`;
