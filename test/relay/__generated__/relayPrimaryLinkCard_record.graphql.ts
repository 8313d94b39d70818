/**
 * @generated SignedSource<<58252fb430fd8c7ea54293e3ac17dad8>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayPrimaryLinkCard_record$data = {
  readonly databaseId: number;
  readonly id: string;
  readonly originalLink: string;
  readonly " $fragmentType": "relayPrimaryLinkCard_record";
};
export type relayPrimaryLinkCard_record$key = {
  readonly " $data"?: relayPrimaryLinkCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayPrimaryLinkCard_record">;
};

import relayPrimaryLinkCardRefetchQuery_graphql from './relayPrimaryLinkCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayPrimaryLinkCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayPrimaryLinkCard_record",
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
      "name": "originalLink",
      "storageKey": null
    }
  ],
  "type": "PrimaryLink",
  "abstractKey": null
};

(node as any).hash = "d1c69b336eee181b0bbe7c2ebad43fd6";

export default node;
