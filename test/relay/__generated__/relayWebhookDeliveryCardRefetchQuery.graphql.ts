/**
 * @generated SignedSource<<39e03e7b92b92246d1734f4531e259e4>>
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

import { ConcreteRequest } from 'relay-runtime';
import { FragmentRefs } from "relay-runtime";
export type relayWebhookDeliveryCardRefetchQuery$variables = {
  id: string;
};
export type relayWebhookDeliveryCardRefetchQuery$data = {
  readonly node: {
    readonly " $fragmentSpreads": FragmentRefs<"relayWebhookDeliveryCard_record">;
  } | null | undefined;
};
export type relayWebhookDeliveryCardRefetchQuery = {
  response: relayWebhookDeliveryCardRefetchQuery$data;
  variables: relayWebhookDeliveryCardRefetchQuery$variables;
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
    "name": "relayWebhookDeliveryCardRefetchQuery",
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
            "name": "relayWebhookDeliveryCard_record"
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
    "name": "relayWebhookDeliveryCardRefetchQuery",
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
                "name": "eventType",
                "storageKey": null
              }
            ],
            "type": "WebhookDelivery",
            "abstractKey": null
          }
        ],
        "storageKey": null
      }
    ]
  },
  "params": {
    "cacheID": "168dd58f0f06f8fa6176feb80c7d4c06",
    "id": null,
    "metadata": {},
    "name": "relayWebhookDeliveryCardRefetchQuery",
    "operationKind": "query",
    "text": "query relayWebhookDeliveryCardRefetchQuery(\n  $id: ID!\n) {\n  node(id: $id) {\n    __typename\n    ...relayWebhookDeliveryCard_record\n    id\n  }\n}\n\nfragment relayWebhookDeliveryCard_record on WebhookDelivery {\n  id\n  databaseId\n  eventType\n}\n"
  }
};
})();

(node as any).hash = "6f830ecb8c2e9a4055ac79bbc800c4a9";

export default node;
