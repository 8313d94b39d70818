/**
 * @generated SignedSource<<e54af63079fb103a8fd95d5bacafed32>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type relayRenameCampaignMutation$variables = {
  id: string;
  title: string;
};
export type relayRenameCampaignMutation$data = {
  readonly campaignUpdate: {
    readonly campaign: {
      readonly campaignTitle: string;
      readonly id: string;
      readonly updatedAt: any;
    } | null | undefined;
    readonly userErrors: ReadonlyArray<{
      readonly field: ReadonlyArray<string> | null | undefined;
      readonly message: string;
    }>;
  };
};
export type relayRenameCampaignMutation = {
  response: relayRenameCampaignMutation$data;
  variables: relayRenameCampaignMutation$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "id"
  },
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "title"
  }
],
v1 = [
  {
    "alias": null,
    "args": [
      {
        "kind": "Variable",
        "name": "id",
        "variableName": "id"
      },
      {
        "fields": [
          {
            "kind": "Variable",
            "name": "campaignTitle",
            "variableName": "title"
          }
        ],
        "kind": "ObjectValue",
        "name": "input"
      }
    ],
    "concreteType": "CampaignPayload",
    "kind": "LinkedField",
    "name": "campaignUpdate",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "Campaign",
        "kind": "LinkedField",
        "name": "campaign",
        "plural": false,
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
            "name": "campaignTitle",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "updatedAt",
            "storageKey": null
          }
        ],
        "storageKey": null
      },
      {
        "alias": null,
        "args": null,
        "concreteType": "UserError",
        "kind": "LinkedField",
        "name": "userErrors",
        "plural": true,
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "field",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "message",
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ],
    "storageKey": null
  }
];
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "relayRenameCampaignMutation",
    "selections": (v1/*:: as any*/),
    "type": "Mutation",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "relayRenameCampaignMutation",
    "selections": (v1/*:: as any*/)
  },
  "params": {
    "cacheID": "ab91f2c6a179f2296b8d60630df61c87",
    "id": null,
    "metadata": {},
    "name": "relayRenameCampaignMutation",
    "operationKind": "mutation",
    "text": "mutation relayRenameCampaignMutation(\n  $id: ID!\n  $title: String!\n) {\n  campaignUpdate(id: $id, input: {campaignTitle: $title}) {\n    campaign {\n      id\n      campaignTitle\n      updatedAt\n    }\n    userErrors {\n      field\n      message\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "928103d2df785e9c0310b052859412e0";

export default node;
