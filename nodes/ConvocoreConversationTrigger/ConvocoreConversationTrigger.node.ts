import {
	NodeConnectionTypes,
	NodeOperationError,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IPollFunctions,
} from 'n8n-workflow';
import { searchAgents } from '../Convocore/methods/agents';
import { searchWorkspaces } from '../Convocore/methods/workspaces';
import {
	workspaceSessionPageSchema,
	type WorkspaceSessionPage,
} from '../shared/contracts/sessions';
import { convocoreApiRequest } from '../Convocore/transport/request';
import { RateLimitGate } from '../Convocore/transport/retries';
import { properties } from './description';
import { pageQuery, readSettings, sessionItem, wanted, type PollSettings } from './settings';
import { advance, readWatermark, scanSince, watermarkOf, writeWatermark } from './watermark';

/**
 * Convocore Conversation Trigger: polls `GET /workspace/sessions` on n8n's Poll Times and runs the
 * workflow with the sessions that arrived since the last poll, oldest first, each once
 * (./watermark.ts). Needs no public URL: for n8n servers Convocore cannot reach.
 *
 * - First poll after activation: one request, nothing emitted; the watermark starts at the newest
 *   session listed then.
 * - Manual run ("Fetch Test Event"): the latest session of the chosen event, for mapping; the
 *   watermark is not touched.
 * - Every request goes through the package's transport: the same deadline, retries and 429 gate
 *   as the action node. A poll that fails throws before the watermark moves, so the next poll
 *   reads the same window again.
 */

function scopeOf(settings: PollSettings): string {
	return `${settings.region}:${settings.workspaceId}`;
}

export class ConvocoreConversationTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Convocore Conversation Trigger',
		name: 'convocoreConversationTrigger',
		icon: { light: 'file:../../icons/convocore.svg', dark: 'file:../../icons/convocore.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ $parameter["event"] === "newConversation" ? "New conversation" : "New session" }}',
		description:
			'Starts the workflow when a new conversation or session appears in a Convocore workspace (polling, no public URL needed)',
		defaults: { name: 'Convocore Conversation Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'convocoreApi', required: true }],
		properties,
	};

	methods = { listSearch: { searchAgents, searchWorkspaces } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = await readSettings(this);
		// One gate per poll: a 429 on one page slows the pages after it.
		const gate = new RateLimitGate();
		const fetchPage = async (page: number): Promise<WorkspaceSessionPage> =>
			(await convocoreApiRequest.call(
				this,
				{
					method: 'GET',
					path: '/workspace/sessions',
					qs: pageQuery(settings, page),
					raw: true,
					response: workspaceSessionPageSchema,
				},
				{ gate },
			)) as WorkspaceSessionPage;

		if (this.getMode() === 'manual') {
			const latest = (await fetchPage(0)).sessions.find((session) => wanted(settings, session));
			if (!latest) {
				throw new NodeOperationError(this.getNode(), 'No session to show yet', {
					description:
						'The workspace has no session that matches the event and filters on its first page. Start a conversation with an agent (or widen the filters), then fetch again.',
				});
			}
			return [[sessionItem(latest, settings.simplify)]];
		}

		const staticData = this.getWorkflowStaticData('node');
		const scope = scopeOf(settings);
		const watermark = readWatermark(staticData, scope);
		if (!watermark) {
			// Activation (or another workspace chosen): from now on, nothing before.
			writeWatermark(staticData, watermarkOf(scope, await fetchPage(0)));
			return null;
		}
		const { fresh } = await scanSince(watermark, fetchPage);
		if (fresh.length === 0) return null;
		// Written only now that every page was read: n8n saves it with the emitted items.
		writeWatermark(staticData, advance(watermark, fresh));
		const items = fresh
			.filter((session) => wanted(settings, session))
			.map((session) => sessionItem(session, settings.simplify));
		return items.length ? [items] : null;
	}
}
