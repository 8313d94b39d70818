import { createUser } from './fixtures';
import type { Workspace } from './test-app';

/** Deletes a user through REST (Delete User answers 200 with the remaining users). */
export async function deleteUser(workspace: Workspace, userId: number): Promise<void> {
  expect((await workspace.api.delete(`/v2/organisation-users/${userId}`)).status).toBe(200);
}

export interface EditorsToName {
  /** Live users of the workspace, by database id. */
  editorId: number;
  secondEditorId: number;
  /** A user of another workspace. */
  foreignEditorId: number;
  /** A deleted user of the workspace. */
  deletedEditorId: number;
}

/** Users a content piece may name as its editor, and ones it must not, whichever face names them. */
export async function editorsToName(ws: Workspace, other: Workspace): Promise<EditorsToName> {
  const editorId = await createUser(ws, 'editor.one@example.com');
  const secondEditorId = await createUser(ws, 'editor.two@example.com');
  const foreignEditorId = await createUser(other, 'editor.elsewhere@example.com');
  const deletedEditorId = await createUser(ws, 'editor.gone@example.com');
  await deleteUser(ws, deletedEditorId);
  return { editorId, secondEditorId, foreignEditorId, deletedEditorId };
}
