/**
 * @generated SignedSource<<84e23b6673e1bfc9ceba49f4654864d8>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayWebhookCard_record$data = {
  readonly databaseId: number;
  readonly id: string;
  readonly name: string;
  readonly " $fragmentType": "relayWebhookCard_record";
};
export type relayWebhookCard_record$key = {
  readonly " $data"?: relayWebhookCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayWebhookCard_record">;
};

import relayWebhookCardRefetchQuery_graphql from './relayWebhookCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayWebhookCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayWebhookCard_record",
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
      "name": "name",
      "storageKey": null
    }
  ],
  "type": "Webhook",
  "abstractKey": null
};

(node as any).hash = "678c9ece91d6d258de2c280f6982d508";

export default node;
