/**
 * @generated SignedSource<<9a59d99707c3a649ee78e3f953c3c140>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayDistributionCard_record$data = {
  readonly databaseId: number;
  readonly distributionLabel: string;
  readonly id: string;
  readonly " $fragmentType": "relayDistributionCard_record";
};
export type relayDistributionCard_record$key = {
  readonly " $data"?: relayDistributionCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayDistributionCard_record">;
};

import relayDistributionCardRefetchQuery_graphql from './relayDistributionCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayDistributionCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayDistributionCard_record",
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
      "name": "distributionLabel",
      "storageKey": null
    }
  ],
  "type": "Distribution",
  "abstractKey": null
};

(node as any).hash = "9a825292b738d933181bbd2250f92138";

export default node;
