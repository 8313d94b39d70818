/**
 * @generated SignedSource<<ce315c834f824f978375e984cc0ac685>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayPublisherTitleCard_record$data = {
  readonly databaseId: number;
  readonly id: string;
  readonly name: string;
  readonly " $fragmentType": "relayPublisherTitleCard_record";
};
export type relayPublisherTitleCard_record$key = {
  readonly " $data"?: relayPublisherTitleCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayPublisherTitleCard_record">;
};

import relayPublisherTitleCardRefetchQuery_graphql from './relayPublisherTitleCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayPublisherTitleCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayPublisherTitleCard_record",
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
  "type": "PublisherTitle",
  "abstractKey": null
};

(node as any).hash = "b1d3c9ca386b780f881663132520c5ed";

export default node;
