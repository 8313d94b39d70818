/**
 * @generated SignedSource<<0541e48e8bae866c9be240c47c252106>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayContentCard_record$data = {
  readonly contentName: string;
  readonly databaseId: number;
  readonly id: string;
  readonly " $fragmentType": "relayContentCard_record";
};
export type relayContentCard_record$key = {
  readonly " $data"?: relayContentCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayContentCard_record">;
};

import relayContentCardRefetchQuery_graphql from './relayContentCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayContentCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayContentCard_record",
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
      "name": "contentName",
      "storageKey": null
    }
  ],
  "type": "Content",
  "abstractKey": null
};

(node as any).hash = "10aa3a40f181e32d913f0cdd4523ddea";

export default node;
