/**
 * @generated SignedSource<<f7d2ce60738397efd2947353623d4e09>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
export type relayOverviewQuery$variables = Record<PropertyKey, never>;
export type relayOverviewQuery$data = {
  readonly advertiserAccounts: {
    readonly nodes: ReadonlyArray<{
      readonly createdAt: any;
      readonly id: string;
      readonly members: ReadonlyArray<{
        readonly advertiserAccountId: string;
        readonly createdAt: any;
        readonly email: string;
        readonly id: string;
        readonly updatedAt: any;
      }>;
      readonly name: string;
      readonly updatedAt: any;
    }>;
  };
  readonly campaigns: {
    readonly nodes: ReadonlyArray<{
      readonly campaignTitle: string;
      readonly createdAt: any;
      readonly id: string;
      readonly phases: ReadonlyArray<{
        readonly campaignId: string;
        readonly createdAt: any;
        readonly id: string;
        readonly phaseTitle: string;
        readonly updatedAt: any;
      }>;
      readonly updatedAt: any;
    }>;
  };
  readonly users: {
    readonly nodes: ReadonlyArray<{
      readonly createdAt: any;
      readonly firstName: string;
      readonly id: string;
      readonly updatedAt: any;
    }>;
  };
};
export type relayOverviewQuery = {
  response: relayOverviewQuery$data;
  variables: relayOverviewQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "kind": "Literal",
    "name": "first",
    "value": 5
  }
],
v1 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "id",
  "storageKey": null
},
v2 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "createdAt",
  "storageKey": null
},
v3 = {
  "alias": null,
  "args": null,
  "kind": "ScalarField",
  "name": "updatedAt",
  "storageKey": null
},
v4 = [
  {
    "alias": null,
    "args": (v0/*:: as any*/),
    "concreteType": "CampaignConnection",
    "kind": "LinkedField",
    "name": "campaigns",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "Campaign",
        "kind": "LinkedField",
        "name": "nodes",
        "plural": true,
        "selections": [
          (v1/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "campaignTitle",
            "storageKey": null
          },
          (v2/*:: as any*/),
          (v3/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "Phase",
            "kind": "LinkedField",
            "name": "phases",
            "plural": true,
            "selections": [
              (v1/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "phaseTitle",
                "storageKey": null
              },
              (v2/*:: as any*/),
              (v3/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "campaignId",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ],
    "storageKey": "campaigns(first:5)"
  },
  {
    "alias": null,
    "args": (v0/*:: as any*/),
    "concreteType": "AdvertiserAccountConnection",
    "kind": "LinkedField",
    "name": "advertiserAccounts",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "AdvertiserAccount",
        "kind": "LinkedField",
        "name": "nodes",
        "plural": true,
        "selections": [
          (v1/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "name",
            "storageKey": null
          },
          (v2/*:: as any*/),
          (v3/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "concreteType": "Member",
            "kind": "LinkedField",
            "name": "members",
            "plural": true,
            "selections": [
              (v1/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "email",
                "storageKey": null
              },
              (v2/*:: as any*/),
              (v3/*:: as any*/),
              {
                "alias": null,
                "args": null,
                "kind": "ScalarField",
                "name": "advertiserAccountId",
                "storageKey": null
              }
            ],
            "storageKey": null
          }
        ],
        "storageKey": null
      }
    ],
    "storageKey": "advertiserAccounts(first:5)"
  },
  {
    "alias": null,
    "args": (v0/*:: as any*/),
    "concreteType": "UserConnection",
    "kind": "LinkedField",
    "name": "users",
    "plural": false,
    "selections": [
      {
        "alias": null,
        "args": null,
        "concreteType": "User",
        "kind": "LinkedField",
        "name": "nodes",
        "plural": true,
        "selections": [
          (v1/*:: as any*/),
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "firstName",
            "storageKey": null
          },
          (v2/*:: as any*/),
          (v3/*:: as any*/)
        ],
        "storageKey": null
      }
    ],
    "storageKey": "users(first:5)"
  }
];
return {
  "fragment": {
    "argumentDefinitions": [],
    "kind": "Fragment",
    "metadata": null,
    "name": "relayOverviewQuery",
    "selections": (v4/*:: as any*/),
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": [],
    "kind": "Operation",
    "name": "relayOverviewQuery",
    "selections": (v4/*:: as any*/)
  },
  "params": {
    "cacheID": "90a8eb191836deb1e73003c50014759a",
    "id": null,
    "metadata": {},
    "name": "relayOverviewQuery",
    "operationKind": "query",
    "text": "query relayOverviewQuery {\n  campaigns(first: 5) {\n    nodes {\n      id\n      campaignTitle\n      createdAt\n      updatedAt\n      phases {\n        id\n        phaseTitle\n        createdAt\n        updatedAt\n        campaignId\n      }\n    }\n  }\n  advertiserAccounts(first: 5) {\n    nodes {\n      id\n      name\n      createdAt\n      updatedAt\n      members {\n        id\n        email\n        createdAt\n        updatedAt\n        advertiserAccountId\n      }\n    }\n  }\n  users(first: 5) {\n    nodes {\n      id\n      firstName\n      createdAt\n      updatedAt\n    }\n  }\n}\n"
  }
};
})();

(node as any).hash = "3bcb9d5efaeed349327e87e79d4bd217";

export default node;
