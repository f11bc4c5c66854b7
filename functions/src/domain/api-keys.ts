/**
 * Names of the external message API's usage plans and API keys in API Gateway (docs/decisions.md,
 * "External message API"). One usage plan per product plan, one API key per company.
 *
 * The key's value is derived from the company id rather than stored: the REST API takes keys only
 * from the Lambda authorizer (`apiKeySourceType: AUTHORIZER`), so a caller can never present a key
 * itself and the value is an identifier, not a credential. Deriving it spares the authorizer a
 * read and a secret. API Gateway wants at least 20 characters.
 */
export function companyApiKeyValue(stage: string, companyId: number): string {
  // Key values are unique per account and region: the stage keeps two deployments apart.
  return `atende-${stage}-company-${companyId}-usage-key`;
}

/** The company whose key value this is, or undefined. */
export function companyOfApiKeyValue(value: string): number | undefined {
  const match = /^atende-[a-z0-9-]+?-company-(\d+)-usage-key$/.exec(value);
  return match ? Number(match[1]) : undefined;
}

/** A company's API key name: the stage keeps two deployments in one account apart. */
export function companyApiKeyName(stage: string, companyId: number): string {
  return `atende-${stage}-company-${companyId}`;
}

/** A plan's usage plan name. */
export function usagePlanName(stage: string, planId: number): string {
  return `atende-${stage}-plan-${planId}`;
}
