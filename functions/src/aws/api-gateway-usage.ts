import {
  APIGatewayClient,
  CreateApiKeyCommand,
  CreateUsagePlanCommand,
  CreateUsagePlanKeyCommand,
  DeleteApiKeyCommand,
  DeleteUsagePlanCommand,
  DeleteUsagePlanKeyCommand,
  GetApiKeysCommand,
  GetUsagePlansCommand,
  UpdateUsagePlanCommand,
  type PatchOperation,
  type UsagePlan,
} from '@aws-sdk/client-api-gateway';
import { companyApiKeyName, companyApiKeyValue, usagePlanName } from '#domain/api-keys';
import type { ApiUsagePort, UsagePlanSpec } from '#ports/api-usage';
import { requireEnv } from './env.ts';

export const apiGatewayClient = new APIGatewayClient({});

/**
 * The external message API's usage plans and keys in API Gateway. Usage plans and keys are found
 * by name (a handful of plans; one key per company), so nothing about them is stored in the
 * table. The stack sets REST_API_ID and REST_API_STAGE (the stage the plans throttle) and
 * APP_STAGE (which prefixes the names).
 */
export function apiGatewayUsage(client: APIGatewayClient = apiGatewayClient): ApiUsagePort {
  const stage = () => requireEnv('APP_STAGE');
  const apiStage = () => ({ apiId: requireEnv('REST_API_ID'), stage: requireEnv('REST_API_STAGE') });

  async function usagePlans(keyId?: string): Promise<UsagePlan[]> {
    const plans: UsagePlan[] = [];
    let position: string | undefined;
    do {
      const page = await client.send(new GetUsagePlansCommand({ keyId, limit: 500, position }));
      plans.push(...(page.items ?? []));
      position = page.position;
    } while (position);
    return plans;
  }

  async function usagePlanOf(planId: number): Promise<UsagePlan | undefined> {
    const name = usagePlanName(stage(), planId);
    return (await usagePlans()).find((plan) => plan.name === name);
  }

  async function apiKeyIdOf(companyId: number): Promise<string | undefined> {
    const name = companyApiKeyName(stage(), companyId);
    const page = await client.send(
      new GetApiKeysCommand({ nameQuery: name, includeValues: false, limit: 500 }),
    );
    return page.items?.find((key) => key.name === name)?.id;
  }

  async function putPlan({ planId, limits }: UsagePlanSpec): Promise<string> {
    const existing = await usagePlanOf(planId);
    if (!existing?.id) {
      const created = await client.send(
        new CreateUsagePlanCommand({
          name: usagePlanName(stage(), planId),
          description: `External message API limits of plan ${planId}`,
          apiStages: [apiStage()],
          throttle: { rateLimit: limits.rateLimit, burstLimit: limits.burstLimit },
          ...(limits.monthlyQuota > 0 ? { quota: { limit: limits.monthlyQuota, period: 'MONTH' } } : {}),
        }),
      );
      return created.id!;
    }
    const operations: PatchOperation[] = [
      { op: 'replace', path: '/throttle/rateLimit', value: String(limits.rateLimit) },
      { op: 'replace', path: '/throttle/burstLimit', value: String(limits.burstLimit) },
    ];
    if (limits.monthlyQuota > 0)
      operations.push(
        { op: 'replace', path: '/quota/limit', value: String(limits.monthlyQuota) },
        { op: 'replace', path: '/quota/period', value: 'MONTH' },
      );
    else if (existing.quota) operations.push({ op: 'remove', path: '/quota' });
    await client.send(new UpdateUsagePlanCommand({ usagePlanId: existing.id, patchOperations: operations }));
    return existing.id;
  }

  return {
    async putPlan(plan) {
      await putPlan(plan);
    },

    async deletePlan(planId) {
      const existing = await usagePlanOf(planId);
      if (!existing?.id) return;
      // API Gateway refuses to delete a usage plan still attached to a stage.
      const stages = (existing.apiStages ?? []).map((attached) => ({
        op: 'remove' as const,
        path: '/apiStages',
        value: `${attached.apiId}:${attached.stage}`,
      }));
      if (stages.length > 0)
        await client.send(new UpdateUsagePlanCommand({ usagePlanId: existing.id, patchOperations: stages }));
      await client.send(new DeleteUsagePlanCommand({ usagePlanId: existing.id }));
    },

    async assignCompany(companyId, plan) {
      const usagePlanId = (await usagePlanOf(plan.planId))?.id ?? (await putPlan(plan));
      let keyId = await apiKeyIdOf(companyId);
      if (!keyId) {
        const created = await client.send(
          new CreateApiKeyCommand({
            name: companyApiKeyName(stage(), companyId),
            value: companyApiKeyValue(stage(), companyId),
            enabled: true,
            description: `External message API usage of company ${companyId}`,
          }),
        );
        keyId = created.id!;
      }
      // A key counts against one usage plan: it leaves the others (a plan change) first.
      const current = await usagePlans(keyId);
      for (const other of current)
        if (other.id && other.id !== usagePlanId)
          await client.send(new DeleteUsagePlanKeyCommand({ usagePlanId: other.id, keyId }));
      if (!current.some((attached) => attached.id === usagePlanId))
        await client.send(new CreateUsagePlanKeyCommand({ usagePlanId, keyId, keyType: 'API_KEY' }));
    },

    async removeCompany(companyId) {
      const keyId = await apiKeyIdOf(companyId);
      if (keyId) await client.send(new DeleteApiKeyCommand({ apiKey: keyId }));
    },
  };
}
