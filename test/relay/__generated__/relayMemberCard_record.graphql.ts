/**
 * @generated SignedSource<<0ac8fe949514781aceeb44ac21148a00>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayMemberCard_record$data = {
  readonly databaseId: number;
  readonly email: string;
  readonly id: string;
  readonly " $fragmentType": "relayMemberCard_record";
};
export type relayMemberCard_record$key = {
  readonly " $data"?: relayMemberCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayMemberCard_record">;
};

import relayMemberCardRefetchQuery_graphql from './relayMemberCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayMemberCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayMemberCard_record",
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
      "name": "email",
      "storageKey": null
    }
  ],
  "type": "Member",
  "abstractKey": null
};

(node as any).hash = "b515068dc92c9edba61b7114a83c8b5e";

export default node;
