/**
 * The kanban board the bench measures (GET /ticket/kanban of an agent): two lanes (kanban tags),
 * and on them three of each agent's open tickets (two on the first, one on the second), moved by
 * the agents themselves as the board does (POST /ticket-tags/{ticketId}/move). Everything else
 * stays in Creados, so the board reads both kinds of lane: Creados from the ticket lists and the
 * small lanes through their tags' links (docs/decisions.md, "Kanban").
 */
import type { ApiClient } from '../../../functions/test/integration/support/api-client.ts';
import { inLanes } from './setup.ts';

export const kanbanLaneNames = ['En curso', 'Esperando cliente'] as const;

export async function setUpKanbanLanes(admin: ApiClient, agents: readonly ApiClient[], openedByAgent: readonly number[][]): Promise<void> {
  const lanes: number[] = [];
  for (const name of kanbanLaneNames) {
    const created = await admin.post<{ id: number }>('/tags', { name, color: '#2196f3', kanban: 1 });
    if (created.status !== 201) throw new Error(`creating the kanban lane ${name}: HTTP ${created.status} ${JSON.stringify(created.body)}`);
    lanes.push(created.body.id);
  }
  await inLanes(agents, 4, async (agent, index) => {
    const opened = openedByAgent[index] ?? [];
    for (const [position, ticketId] of opened.slice(0, 3).entries()) {
      const toTagId = lanes[position < 2 ? 0 : 1];
      const moved = await agent.post(`/ticket-tags/${ticketId}/move`, { fromTagId: null, toTagId });
      if (moved.status !== 200) throw new Error(`moving ticket ${ticketId} to a kanban lane: HTTP ${moved.status} ${JSON.stringify(moved.body)}`);
    }
  });
}
