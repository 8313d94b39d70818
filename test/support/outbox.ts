import type { AnyBody, TestApp, Workspace } from './test-app';

/** An outbox event as the tests read it back: everything but its id (and, unless asked for, its time). */
export interface OutboxRow {
  organisation_id: number;
  event_type: string;
  resource_type: string;
  resource_id: number;
  payload: AnyBody;
  request_id: string | null;
}

export interface TimedOutboxRow extends OutboxRow {
  created_at: Date;
}

const COLUMNS = 'organisation_id, event_type, resource_type, resource_id, payload, request_id';

/** The events of one resource (`campaign`, `phase`, `content`, `distribution`), oldest first. */
export async function resourceEvents(app: TestApp, resourceType: string, resourceId: number | string): Promise<OutboxRow[]> {
  return app.dataSource.query(`SELECT ${COLUMNS} FROM outbox_events WHERE resource_type = $1 AND resource_id = $2 ORDER BY id`, [resourceType, Number(resourceId)]);
}

/** The events of one resource, oldest first, each with its `created_at`. */
export async function timedResourceEvents(app: TestApp, resourceType: string, resourceId: number | string): Promise<TimedOutboxRow[]> {
  return app.dataSource.query(`SELECT ${COLUMNS}, created_at FROM outbox_events WHERE resource_type = $1 AND resource_id = $2 ORDER BY id`, [
    resourceType,
    Number(resourceId),
  ]);
}

/** The campaign_media_added events of one distribution, oldest first. */
export async function mediaAddedEvents(app: TestApp, distributionId: number | string): Promise<OutboxRow[]> {
  return app.dataSource.query(
    `SELECT ${COLUMNS} FROM outbox_events WHERE event_type = 'campaign_media_added' AND (payload->>'distribution_id')::int = $1 ORDER BY id`,
    [Number(distributionId)],
  );
}

/** A workspace's events (of one type, when given), oldest first, each with its `created_at`. */
export async function workspaceEvents(app: TestApp, ws: Workspace, eventType?: string): Promise<TimedOutboxRow[]> {
  return app.dataSource.query(
    `SELECT ${COLUMNS}, created_at
       FROM outbox_events WHERE organisation_id = $1 AND ($2::text IS NULL OR event_type = $2) ORDER BY id`,
    [ws.organisationId, eventType ?? null],
  );
}
