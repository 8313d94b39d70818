/**
 * @generated SignedSource<<49c71c14c68820fa107b798ddc8125cb>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayWebhookServiceCard_record$data = {
  readonly databaseId: number;
  readonly id: string;
  readonly name: string;
  readonly " $fragmentType": "relayWebhookServiceCard_record";
};
export type relayWebhookServiceCard_record$key = {
  readonly " $data"?: relayWebhookServiceCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayWebhookServiceCard_record">;
};

import relayWebhookServiceCardRefetchQuery_graphql from './relayWebhookServiceCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayWebhookServiceCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayWebhookServiceCard_record",
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
  "type": "WebhookService",
  "abstractKey": null
};

(node as any).hash = "742fcf4f1ef06746f872a06a5a80fd34";

export default node;
