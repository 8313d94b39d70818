/**
 * @generated SignedSource<<819d7d2780524d807c8d8b672a4f5a68>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayPublisherProfileCard_record$data = {
  readonly databaseId: number;
  readonly id: string;
  readonly name: string;
  readonly " $fragmentType": "relayPublisherProfileCard_record";
};
export type relayPublisherProfileCard_record$key = {
  readonly " $data"?: relayPublisherProfileCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayPublisherProfileCard_record">;
};

import relayPublisherProfileCardRefetchQuery_graphql from './relayPublisherProfileCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayPublisherProfileCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayPublisherProfileCard_record",
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
  "type": "PublisherProfile",
  "abstractKey": null
};

(node as any).hash = "75d7931758edc9204e5f0db64097a918";

export default node;
