/**
 * @generated SignedSource<<79c6aa75dff26d2de2cf25aefe8e6c15>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayMediaItemCard_record$data = {
  readonly databaseId: number;
  readonly fileUrl: string;
  readonly id: string;
  readonly " $fragmentType": "relayMediaItemCard_record";
};
export type relayMediaItemCard_record$key = {
  readonly " $data"?: relayMediaItemCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayMediaItemCard_record">;
};

import relayMediaItemCardRefetchQuery_graphql from './relayMediaItemCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayMediaItemCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayMediaItemCard_record",
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
      "name": "fileUrl",
      "storageKey": null
    }
  ],
  "type": "MediaItem",
  "abstractKey": null
};

(node as any).hash = "05e1ff4ed805939ed53d9dc7456d766b";

export default node;
