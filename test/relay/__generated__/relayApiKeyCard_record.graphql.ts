/**
 * @generated SignedSource<<109aee7b4596d14d234a1aa426bb5775>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayApiKeyCard_record$data = {
  readonly databaseId: number;
  readonly id: string;
  readonly prefix: string;
  readonly " $fragmentType": "relayApiKeyCard_record";
};
export type relayApiKeyCard_record$key = {
  readonly " $data"?: relayApiKeyCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayApiKeyCard_record">;
};

import relayApiKeyCardRefetchQuery_graphql from './relayApiKeyCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayApiKeyCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayApiKeyCard_record",
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
      "name": "prefix",
      "storageKey": null
    }
  ],
  "type": "ApiKey",
  "abstractKey": null
};

(node as any).hash = "12ab20263f5e44e641cdebf325616848";

export default node;
