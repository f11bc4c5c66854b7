import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeCostDocument, costDocumentFile, readCountedUsage } from '../cost/compute.ts';
import { costDocument, regenerateCommand } from '../cost/document.ts';
import { invocationsPerMonth, templateInventory, type TemplateJson } from '../cost/inventory.ts';
import { costModel, invocationsAtLowTraffic, total, usageInAws, windowedConsumers } from '../cost/model.ts';
import { synthesize } from './synthesize.ts';

/** The first line where two texts differ, to say what changed. */
function firstDifference(expected: string, actual: string): string {
  const want = expected.split('\n');
  const have = actual.split('\n');
  const index = want.findIndex((line, i) => line !== have[i]);
  const at = index === -1 ? want.length : index;
  return `line ${at + 1}: the model computes ${JSON.stringify(want[at] ?? '(end of file)')}, docs/cost.md has ${JSON.stringify(have[at] ?? '(end of file)')}`;
}

const defaultTemplate = () => synthesize().template.toJSON() as TemplateJson;

describe('the cost model (docs/cost.md)', () => {
  it('is what the model computes from the current template and the bench counted calls', () => {
    const expected = computeCostDocument(defaultTemplate());
    let actual = '';
    try {
      actual = readFileSync(costDocumentFile, 'utf8');
    } catch {
      // A missing file is stale too.
    }
    expect(
      actual === expected,
      `docs/cost.md is stale (the template, the counted calls or the prices changed): run \`${regenerateCommand}\` and commit it. First difference at ${firstDifference(expected, actual)}`,
    ).toBe(true);
  });

  it('counts what the synthesized template holds', () => {
    const template = defaultTemplate();
    const inventory = templateInventory(template);
    const ofType = (type: string) => Object.values(template.Resources).filter((r) => r.Type === type);
    expect(inventory.alarms.count).toBe(ofType('AWS::CloudWatch::Alarm').length);
    expect(inventory.alarms.standardMetrics).toBeGreaterThanOrEqual(inventory.alarms.count);
    expect(inventory.kmsKeys).toBe(ofType('AWS::KMS::Key').length);
    expect(inventory.secrets).toBe(ofType('AWS::SecretsManager::Secret').length);
    expect(inventory.logGroups).toBe(ofType('AWS::Logs::LogGroup').length);
    expect(inventory.webAcls.count).toBe(1);
    expect(inventory.webAcls.rules).toBeGreaterThanOrEqual(3);
    expect(inventory.cloudFrontDistributions).toBe(1);
    // The connector: one Fargate service of the task definition's size, no NAT gateway.
    expect(inventory.fargate).toHaveLength(1);
    const [connector] = inventory.fargate;
    const task = ofType('AWS::ECS::TaskDefinition')[0]!.Properties!;
    expect(connector!.vcpu).toBe(Number(task.Cpu) / 1024);
    expect(connector!.memoryGb).toBe(Number(task.Memory) / 1024);
    expect(connector!.tasks).toBeGreaterThanOrEqual(1);
    expect(inventory.natGateways).toBe(0);
    expect(inventory.sqsEventSources.standard + inventory.sqsEventSources.fifo).toBeGreaterThan(0);
  });
});

/** A template of one connector service, a scaling target, an alarm of each kind, a WAF and a NAT gateway. */
function smallTemplate(
  overrides: { minTasks?: number; maxSessions?: string; alarms?: number } = {},
): TemplateJson {
  const resources: TemplateJson['Resources'] = {
    Task: {
      Type: 'AWS::ECS::TaskDefinition',
      Properties: {
        Cpu: '512',
        Memory: '1024',
        RuntimePlatform: { CpuArchitecture: 'ARM64' },
        ContainerDefinitions: [
          {
            Environment: [
              { Name: 'QUEUE_URL_INBOUND', Value: 'x' },
              { Name: 'QUEUE_URL_CONNECTOR_COMMANDS', Value: 'y' },
              { Name: 'QUEUE_URL_CONNECTOR_COMMANDS_VISIBILITY_SECONDS', Value: '60' },
              ...(overrides.maxSessions
                ? [{ Name: 'CONNECTOR_MAX_SESSIONS', Value: overrides.maxSessions }]
                : []),
            ],
          },
        ],
      },
    },
    Service: {
      Type: 'AWS::ECS::Service',
      Properties: {
        LaunchType: 'FARGATE',
        DesiredCount: 1,
        TaskDefinition: { Ref: 'Task' },
        NetworkConfiguration: { AwsvpcConfiguration: { AssignPublicIp: 'ENABLED' } },
      },
    },
    Nat: { Type: 'AWS::EC2::NatGateway', Properties: {} },
    Acl: { Type: 'AWS::WAFv2::WebACL', Properties: { Rules: [{}, {}] } },
    MathAlarm: {
      Type: 'AWS::CloudWatch::Alarm',
      Properties: {
        Metrics: [{ MetricStat: { Period: 60 } }, { MetricStat: { Period: 60 } }, { Expression: 'a/b' }],
      },
    },
  };
  for (let i = 0; i < (overrides.alarms ?? 1); i += 1)
    resources[`Alarm${i}`] = { Type: 'AWS::CloudWatch::Alarm', Properties: { Period: i === 0 ? 10 : 60 } };
  if (overrides.minTasks !== undefined)
    resources.Scaling = {
      Type: 'AWS::ApplicationAutoScaling::ScalableTarget',
      Properties: {
        MinCapacity: overrides.minTasks,
        MaxCapacity: 10,
        ResourceId: {
          'Fn::Join': ['', ['service/', { Ref: 'Cluster' }, '/', { 'Fn::GetAtt': ['Service', 'Name'] }]],
        },
      },
    };
  return { Resources: resources };
}

describe('the template inventory and the model', () => {
  const counted = readCountedUsage();

  it('prices the connector tasks always running: the scaling minimum over the desired count', () => {
    const one = templateInventory(smallTemplate());
    expect(one.fargate[0]).toMatchObject({
      vcpu: 0.5,
      memoryGb: 1,
      architecture: 'arm64',
      tasks: 1,
      publicIp: true,
      polledQueues: 1,
    });
    const three = templateInventory(smallTemplate({ minTasks: 3 }));
    expect(three.fargate[0]).toMatchObject({ tasks: 3, maxTasks: 10 });
    const fargate = (inventory: typeof one) =>
      costModel(inventory, counted).floor.find((l) => l.item.startsWith('Connector tasks'))!.usd;
    expect(fargate(three)).toBeCloseTo(3 * fargate(one), 6);
    // 0.5 vCPU and 1 GB on ARM64 for 730 hours.
    expect(fargate(one)).toBeCloseTo((0.5 * 0.03238 + 1 * 0.00356) * 730, 6);
  });

  it('counts alarms by the metrics they read, high-resolution apart, and prices NAT gateways and WAF rules', () => {
    const inventory = templateInventory(smallTemplate({ alarms: 3 }));
    expect(inventory.alarms).toEqual({
      count: 4,
      standardMetrics: 4,
      highResolutionMetrics: 1,
      composite: 0,
    });
    expect(inventory.natGateways).toBe(1);
    const floor = costModel(inventory, counted).floor;
    expect(floor.find((l) => l.item === 'CloudWatch alarms')!.usd).toBeCloseTo(4 * 0.1 + 0.3, 6);
    expect(floor.find((l) => l.item === 'NAT gateways')!.usd).toBeCloseTo(0.045 * 730, 6);
    expect(floor.find((l) => l.item === 'WAF')!.usd).toBeCloseTo(5 + 2, 6);
  });

  it("shares a task among the sessions the task's MAX_SESSIONS allows, else among those its memory holds", () => {
    expect(costModel(templateInventory(smallTemplate()), counted).sessionsPerTask).toBe(
      Math.floor((1024 - 150) / 40),
    );
    const model = costModel(templateInventory(smallTemplate({ maxSessions: '50' })), counted);
    expect(model.sessionsPerTask).toBe(50);
    const share = model.idleCompany.find((l) => l.item === 'Its share of a connector task')!.usd;
    expect(share).toBeCloseTo(((0.5 * 0.03238 + 0.00356) * 730 + 0.005 * 730) / 50, 6);
  });

  it('changes the document when the template changes, so docs/cost.md cannot go stale', () => {
    const before = templateInventory(smallTemplate({ alarms: 2 }));
    const after = templateInventory(smallTemplate({ alarms: 3 }));
    expect(costDocument(costModel(after, counted), after, counted)).not.toBe(
      costDocument(costModel(before, counted), before, counted),
    );
  });

  it('prices a reply above an inbound message by its REST, CloudFront and WAF requests', () => {
    const inventory = templateInventory(smallTemplate());
    const same = { ...counted, perReply: counted.perInboundMessage };
    const model = costModel(inventory, same);
    const edge = ['API Gateway REST', 'CloudFront', 'WAF'];
    expect(total(model.per100kReplies) - total(model.per100kInbound)).toBeCloseTo(
      total(model.per100kReplies.filter((l) => edge.includes(l.item))),
      6,
    );
    expect(model.per100kReplies.find((l) => l.item === 'API Gateway REST')!.usd).toBeCloseTo(0.35, 6);
  });

  it('leaves the connector and the sandbox out of Lambda: the Fargate tasks and a stand-in in AWS', () => {
    const usage = usageInAws({
      'lambda.Invocation': 4,
      'lambda.ms': 400,
      'lambda.gbSeconds': 0.4,
      'lambda.Invocation.connector': 1,
      'lambda.ms.connector': 100,
      'lambda.Invocation.sandbox': 1,
      'lambda.ms.sandbox': 100,
      'lambda.Invocation.messages': 2,
      'lambda.ms.messages': 200,
      ...Object.fromEntries(windowedConsumers.map((name) => [`lambda.Invocation.${name}`, 1])),
    });
    expect(usage.lambdaInvocations).toBe(2);
    expect(usage.lambdaGbSeconds).toBeCloseTo(0.2, 9);
  });

  it('counts each stream consumer with a batching window once a message at least, as for a message alone in its window', () => {
    expect(windowedConsumers).toEqual(expect.arrayContaining(['dashboard-aggregator', 'webhook-events', 'schedule-outcomes']));
    expect(windowedConsumers).not.toContain('broadcaster');
    const [gathered, busy] = windowedConsumers;
    const counted = {
      'lambda.Invocation': 3.5,
      'lambda.Invocation.broadcaster': 1.3,
      // Ten messages in a second shared one invocation of one consumer; another ran more than once.
      [`lambda.Invocation.${gathered}`]: 0.1,
      [`lambda.Invocation.${busy}`]: 1.2,
    };
    const raised = invocationsAtLowTraffic(counted);
    expect(raised[`lambda.Invocation.${gathered}`]).toBe(1);
    expect(raised[`lambda.Invocation.${busy}`]).toBe(1.2);
    // 0.9 more for the first, 1 for each windowed consumer the count did not see at all.
    expect(raised['lambda.Invocation']).toBeCloseTo(3.5 + 0.9 + (windowedConsumers.length - 2), 9);
    expect(raised['lambda.Invocation.broadcaster']).toBe(1.3);
  });

  it('reads rate and cron schedules as runs a month', () => {
    expect(invocationsPerMonth('rate(1 hour)')).toBe(730);
    expect(invocationsPerMonth('rate(5 minutes)')).toBe(730 * 12);
    expect(invocationsPerMonth('cron(0 3 * * ? *)')).toBeCloseTo(30.4, 6);
    expect(invocationsPerMonth('cron(0/15 * * * ? *)')).toBeCloseTo(4 * 24 * 30.4, 6);
  });
});
