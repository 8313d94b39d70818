import { defineList } from '../db/lists/define-list';

/** A content piece's distributions on /v2 (`GET /v2/distributions/{content_id}`); GraphQL reads them whole (`Content.distributions`). */
export const distributionList = defineList({ name: 'Distribution', records: 'distributions', filters: {}, sort: {} });
