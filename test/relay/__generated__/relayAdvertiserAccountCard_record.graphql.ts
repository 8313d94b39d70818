/**
 * @generated SignedSource<<644e968fc141427b982ac92c71f81d94>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayAdvertiserAccountCard_record$data = {
  readonly databaseId: number;
  readonly id: string;
  readonly name: string;
  readonly " $fragmentType": "relayAdvertiserAccountCard_record";
};
export type relayAdvertiserAccountCard_record$key = {
  readonly " $data"?: relayAdvertiserAccountCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayAdvertiserAccountCard_record">;
};

import relayAdvertiserAccountCardRefetchQuery_graphql from './relayAdvertiserAccountCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayAdvertiserAccountCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayAdvertiserAccountCard_record",
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
  "type": "AdvertiserAccount",
  "abstractKey": null
};

(node as any).hash = "334bce1cd4dbd4928da8b7d25bdc7427";

export default node;
