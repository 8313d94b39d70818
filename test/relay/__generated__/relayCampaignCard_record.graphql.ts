/**
 * @generated SignedSource<<d93069f2f30ad218ffc4e79baf953aa9>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ReaderFragment } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayCampaignCard_record$data = {
  readonly campaignTitle: string;
  readonly databaseId: number;
  readonly id: string;
  readonly " $fragmentType": "relayCampaignCard_record";
};
export type relayCampaignCard_record$key = {
  readonly " $data"?: relayCampaignCard_record$data;
  readonly " $fragmentSpreads": FragmentRefs<"relayCampaignCard_record">;
};

import relayCampaignCardRefetchQuery_graphql from './relayCampaignCardRefetchQuery.graphql';

const node: ReaderFragment = {
  "argumentDefinitions": [],
  "kind": "Fragment",
  "metadata": {
    "refetch": {
      "connection": null,
      "fragmentPathInResult": [
        "node"
      ],
      "operation": relayCampaignCardRefetchQuery_graphql,
      "identifierInfo": {
        "identifierField": "id",
        "identifierQueryVariableName": "id"
      }
    }
  },
  "name": "relayCampaignCard_record",
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
      "name": "campaignTitle",
      "storageKey": null
    }
  ],
  "type": "Campaign",
  "abstractKey": null
};

(node as any).hash = "5d0e068401d623b713141fab1eede243";

export default node;
