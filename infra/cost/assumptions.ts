/**
 * What the cost model (docs/cost.md) assumes where neither the template nor the bench says. Each
 * figure is printed in the document beside what it changes.
 */
export const assumptions = {
  /**
   * A WhatsApp (Baileys) session's memory in the connector, and the connector process's own:
   * sessions per task = (task memory − baseline) / per session, unless the task's environment
   * sets its MAX_SESSIONS. Not measured in AWS; docs/connector.md.
   */
  sessionMemoryMb: 40,
  connectorBaselineMb: 150,
  /** The lease renewal (one conditional update, 1 write unit) and the reconcile (one index Query) of each session: connector/src/sessions/session-manager.ts defaults. */
  leaseRenewEverySeconds: 10,
  reconcileEverySeconds: 15,
  /** What one connection adds to a reconcile Query's result (its index item), in KB. */
  connectionIndexItemKb: 1,
  /** Items a company keeps when nothing happens (company, plan, settings, users, queue, connection, session keys), in KB. */
  idleCompanyStoredKb: 50,
  /** Lambda keeps about five 20-second long polls open on each SQS queue it reads, busy or not (billed as SQS requests). */
  lambdaSqsPollers: 5,
  longPollSeconds: 20,
  /** CloudWatch Logs written per Lambda invocation (platform START/END/REPORT lines and the product's structured lines), in bytes. */
  logBytesPerInvocation: 1024,
  /** Logs the idle connector task writes per month, and the VPC flow logs of its network, in GB. */
  connectorLogGbPerTaskMonth: 0.05,
  flowLogGbPerMonth: 0.05,
  /** Share of invocations X-Ray records (every one: the default sampling keeps the first request of each second, then 5 %). */
  xraySampledShare: 1,
  /** What a stored message adds to the table (item, index copies, search tokens) and to Postgres (row and indexes), in KB. */
  storedKbPerMessageDynamo: 2,
  storedKbPerMessagePostgres: 1,
  /**
   * Sockets listening to a company's live events while its messages come and go (its agents
   * online and an admin): the bench's posts per message scale with them (it runs 50 agents).
   */
  listeningSocketsPerCompany: 6,
  /** The traffic of the side-by-side table: per company and month. */
  scenario: {
    companies: [10, 100, 1000],
    inboundPerCompanyMonth: 10_000,
    repliesPerCompanyMonth: 10_000,
  },
  vm: {
    /** Sessions one VM runs besides the API, the workers and the OS (8 GiB: 2 GiB for those, 40 MB a session). */
    sessionsPerVm: 150,
    ebsGb: 30,
    rdsStorageGb: 20,
    /** A public IPv4 address per VM. */
    publicIpv4: true,
  },
} as const;
