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
import { scanSince, splitPage, type MalformedSession } from './scan';
import { pageQuery, readSettings, sessionItem, wanted, type PollSettings } from './settings';
import { advance, ranAhead, readWatermark, watermarkOf, writeWatermark } from './watermark';

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
 * - A malformed session is left out and reported once, as a warning in n8n's log (./scan.ts): a
 *   log line rather than an item, so that version 1 emits nothing its workflows do not expect.
 */

function scopeOf(settings: PollSettings): string {
	return `${settings.region}:${settings.workspaceId}`;
}

function reportMalformed(ctx: IPollFunctions, session: MalformedSession): void {
	const which = session.convoId ? `conversation ${session.convoId}` : 'no conversation ID';
	ctx.logger.warn(
		`${ctx.getNode().name}: skipped a malformed session (${which}): ${session.problems.join('; ')}. It is not emitted and not reported again; the sessions around it are emitted.`,
		{ workflowId: ctx.getWorkflow().id, node: ctx.getNode().name },
	);
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
			const latest = splitPage(await fetchPage(0)).sessions.find((session) =>
				wanted(settings, session),
			);
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
		if (!watermark || ranAhead(watermark, Date.now())) {
			// Activation, another workspace chosen, or a watermark an earlier release let run into the
			// future: from now on, nothing before.
			const first = splitPage(await fetchPage(0));
			const malformed = first.malformed.map((session) => session.fingerprint);
			writeWatermark(
				staticData,
				watermarkOf(scope, first.sessions, malformed, Date.now(), watermark),
			);
			return null;
		}
		const { fresh, malformed } = await scanSince(this.getNode(), watermark, fetchPage);
		for (const session of malformed) reportMalformed(this, session);
		if (fresh.length === 0 && malformed.length === 0) return null;
		const reported = malformed.map((session) => session.fingerprint);
		const { watermark: next, admitted } = advance(watermark, fresh, Date.now(), reported);
		// Written only now that every page was read: n8n saves it with the emitted items.
		writeWatermark(staticData, next);
		const items = admitted
			.filter((session) => wanted(settings, session))
			.map((session) => sessionItem(session, settings.simplify));
		return items.length ? [items] : null;
	}
}
