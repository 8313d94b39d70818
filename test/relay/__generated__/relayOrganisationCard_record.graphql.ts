/**
 * @generated SignedSource<<ce07b29bae08352be5bd77ffafbd99e2>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayOrganisationCard_record$data = {
  readonly databaseId: number;
  readonly id: string;
  readonly name: string;
  readonly " $fragmentType": "relayOrganisationCard_record";
};
export type relayOrganisationCard_record$key = {
  readonly " $data"?: relayOrganisationCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayOrganisationCard_record">;
};

import relayOrganisationCardRefetchQuery_graphql from './relayOrganisationCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayOrganisationCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayOrganisationCard_record",
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
  "type": "Organisation",
  "abstractKey": null
};

(node as any).hash = "aee65765c97b3bc24f4acfce03b0d77d";

export default node;
