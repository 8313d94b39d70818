/**
 * @generated SignedSource<<1149c839225247ef7e162ffb8e48cb26>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayPhaseCard_record$data = {
  readonly databaseId: number;
  readonly id: string;
  readonly phaseTitle: string;
  readonly " $fragmentType": "relayPhaseCard_record";
};
export type relayPhaseCard_record$key = {
  readonly " $data"?: relayPhaseCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayPhaseCard_record">;
};

import relayPhaseCardRefetchQuery_graphql from './relayPhaseCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayPhaseCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayPhaseCard_record",
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
      "name": "phaseTitle",
      "storageKey": null
    }
  ],
  "type": "Phase",
  "abstractKey": null
};

(node as any).hash = "5efe804e02f68f7dcbf8112396d6d6c6";

export default node;
