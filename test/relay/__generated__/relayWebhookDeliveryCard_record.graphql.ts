/**
 * @generated SignedSource<<6ec767fab1a4d208d7b06e45e4cb7f87>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayWebhookDeliveryCard_record$data = {
  readonly databaseId: any;
  readonly eventType: string;
  readonly id: string;
  readonly " $fragmentType": "relayWebhookDeliveryCard_record";
};
export type relayWebhookDeliveryCard_record$key = {
  readonly " $data"?: relayWebhookDeliveryCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayWebhookDeliveryCard_record">;
};

import relayWebhookDeliveryCardRefetchQuery_graphql from './relayWebhookDeliveryCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayWebhookDeliveryCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayWebhookDeliveryCard_record",
  "selections": [
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "id",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "databaseId",
      "storageKey": null
    },
    {
      "alias": null,
      "args": null,
      "kind": "ScalarField",
      "name": "eventType",
      "storageKey": null
    }
  ],
  "type": "WebhookDelivery",
  "abstractKey": null
};

(node as any).hash = "6f830ecb8c2e9a4055ac79bbc800c4a9";

export default node;
