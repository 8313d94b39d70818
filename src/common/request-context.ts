/** Who is asking: every service method takes this first, so every query can be scoped to the workspace. */
export interface RequestContext {
  organisationId: number;
  organisationCode: string;
  apiKeyId: number;
  requestId: string;
}
