/**
 * @generated SignedSource<<331dc7c219244d50aed83786db190c54>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayUserCard_record$data = {
  readonly databaseId: number;
  readonly firstName: string;
  readonly id: string;
  readonly " $fragmentType": "relayUserCard_record";
};
export type relayUserCard_record$key = {
  readonly " $data"?: relayUserCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayUserCard_record">;
};

import relayUserCardRefetchQuery_graphql from './relayUserCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayUserCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayUserCard_record",
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
      "name": "firstName",
      "storageKey": null
    }
  ],
  "type": "User",
  "abstractKey": null
};

(node as any).hash = "282630236743d75856a5f6f48a1dede8";

export default node;
