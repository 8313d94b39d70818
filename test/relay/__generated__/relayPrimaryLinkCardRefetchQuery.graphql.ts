/**
 * @generated SignedSource<<6f497103b4fbf6ed450e464256348245>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayPrimaryLinkCardRefetchQuery$variables = {
  id: string;
};
export type relayPrimaryLinkCardRefetchQuery$data = {
  readonly node: {
    readonly " $fragmentSpreads": FragmentRefs<"relayPrimaryLinkCard_record">;
  } | null | undefined;
};
export type relayPrimaryLinkCardRefetchQuery = {
  response: relayPrimaryLinkCardRefetchQuery$data;
  variables: relayPrimaryLinkCardRefetchQuery$variables;
};

const node: ConcreteRequest = (function(){
var v0 = [
  {
    "defaultValue": null,
    "kind": "LocalArgument",
    "name": "id"
  }
],
v1 = [
  {
    "kind": "Variable",
    "name": "id",
    "variableName": "id"
  }
];
return {
  "fragment": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Fragment",
    "metadata": null,
    "name": "relayPrimaryLinkCardRefetchQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "node",
        "plural": false,
        "selections": [
          {
            "args": null,
            "kind": "FragmentSpread",
            "name": "relayPrimaryLinkCard_record"
          }
        ],
        "storageKey": null
      }
    ],
    "type": "Query",
    "abstractKey": null
  },
  "kind": "Request",
  "operation": {
    "argumentDefinitions": (v0/*:: as any*/),
    "kind": "Operation",
    "name": "relayPrimaryLinkCardRefetchQuery",
    "selections": [
      {
        "alias": null,
        "args": (v1/*:: as any*/),
        "concreteType": null,
        "kind": "LinkedField",
        "name": "node",
        "plural": false,
        "selections": [
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "__typename",
            "storageKey": null
          },
          {
            "alias": null,
            "args": null,
            "kind": "ScalarField",
            "name": "id",
            "storageKey": null
          },
          {
            "kind": "InlineFragment",
            "selections": [
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
          }
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "89a160e5511a81973f7f92a5a75f7651",
    "id": null,
    "metadata": {},
    "name": "relayPrimaryLinkCardRefetchQuery",
    "operationKind": "query",
    "text": "query relayPrimaryLinkCardRefetchQuery(\n  $id: ID!\n) {\n  node(id: $id) {\n    __typename\n    ...relayPrimaryLinkCard_record\n    id\n  }\n}\n\nfragment relayPrimaryLinkCard_record on PrimaryLink {\n  id\n  databaseId\n  originalLink\n}\n"
  }
};
})();

(node as any).hash = "d1c69b336eee181b0bbe7c2ebad43fd6";

export default node;
