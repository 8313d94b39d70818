/**
 * @generated SignedSource<<247619385e38afa25b064c42c034c80c>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayEventCard_record$data = {
  readonly databaseId: any;
  readonly id: string;
  readonly type: string;
  readonly " $fragmentType": "relayEventCard_record";
};
export type relayEventCard_record$key = {
  readonly " $data"?: relayEventCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayEventCard_record">;
};

import relayEventCardRefetchQuery_graphql from './relayEventCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayEventCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayEventCard_record",
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
      "name": "type",
      "storageKey": null
    }
  ],
  "type": "Event",
  "abstractKey": null
};

(node as any).hash = "cabb3be3337222d0629e3f48da0aa1c8";

export default node;
