import type { CustomMetric } from '../../nodes/shared/contracts/customMetric';
import type {
	CrawlerJob,
	CrawlerSettings,
	KnowledgeDocument,
	McpCallRecord,
	MetricValueRecord,
	SandboxCampaign,
	SandboxClient,
	SandboxLeadGroup,
	SandboxOrganisation,
	SandboxReadings,
	SandboxRegion,
	ScrapedPage,
	SessionFeedState,
	UsageRecord,
} from './records';

/**
 * The live in-memory data of one sandbox, and the records every part of it uses. Tests read it for
 * assertions; routes change it. The features' own records are in ./records.ts.
 */

/** Plans on the v2-2026 pricing catalog that matter to the API gate, plus legacy pay-as-you-go. */
export type WorkspacePlan = 'white_label' | 'business' | 'pro' | 'legacy_payg';

export type SenderMode = 'own_account' | 'platform_rental';

export interface SandboxWorkspace {
	id: string;
	name: string;
	region: SandboxRegion;
	plan: WorkspacePlan;
	secret: string;
	/** Names of the provider keys stored at `workspaceData.secrets.<NAME>` (never their values). */
	providerSecretNames: string[];
	/** Set through POST/PATCH /workspaces (sandbox/routes/workspace.ts). */
	emails?: string[];
	automaticBilling?: boolean;
	marketplaceProfile?: Record<string, unknown>;
	/** The workspace whose secret created this one through POST /workspaces: it alone may manage it. */
	createdBy?: string;
}

/** An agent variable (agent-at-work spec §2), stored as it was given. */
export interface SandboxVariable {
	id: string;
	agentId: string;
	workspaceId: string;
	fields: Record<string, unknown>;
}

export interface SandboxAgent {
	ID: string;
	ownerID: string;
	workspaceId: string;
	region: SandboxRegion;
	title: string;
	/** Agent secret (scoped to this agent), when the seed gives the agent one. */
	secret?: string;
	initialPrompt: string;
	/** Phone numbers connected for SMS, primary first. */
	smsNumbers: string[];
	/**
	 * The agent record's secret-holding fields (API keys, channel tokens, private keys, as the
	 * beyond-the-seed spec lists them), filled so tests prove the node never outputs them.
	 */
	secretFields: Record<string, unknown>;
	createdAtUNIX: number;
	/** Fields set through POST/PATCH /agents or an imported template; they win over the defaults. */
	fields?: Record<string, unknown>;
	/** The variables of the template the agent was imported from, exported again with it. */
	variables?: unknown[];
	/** The organisation (client card) the agent belongs to, if any (sandbox/domain/organisation.ts). */
	orgId?: string;
}

export interface NumberWebhooks {
	voiceUrl: string;
	smsUrl: string;
	statusCallback: string;
	repairedAt: number;
}

export interface SandboxNumber {
	phoneNumber: string;
	phoneNumberSid: string;
	workspaceId: string;
	region: SandboxRegion;
	/** `own_account`: the workspace's own telephony account; `platform_rental`: rented through the platform. */
	senderMode: SenderMode;
	capabilities: Array<'voice' | 'sms'>;
	/** Agent the number answers calls for (buy/import with agentId); SMS assignment lives on the agent. */
	agentId?: string;
	accountSid?: string;
	/** Stored for an imported number and never returned by any API answer. */
	authToken?: string;
	callerId?: string;
	/** For rentals: billing subscription and monthly price. */
	rentalSubscriptionId?: string;
	monthlyPriceUsd?: number;
	webhooks?: NumberWebhooks;
	createdAt: number;
}

export type ConversationState = 'ai-chatting' | 'human-chatting' | 'ended_chat';

export interface ConversationMessage {
	direction: 'outbound' | 'inbound';
	messageSid?: string;
	segmentIndex?: number;
	from: string;
	to: string;
	body: string;
	mediaUrls: string[];
	at: number;
}

export interface SandboxConversation {
	ID: string;
	agentId: string;
	workspaceId: string;
	/** `sms` and `telephony` for what the sandbox starts; a created conversation keeps the channel it names. */
	origin: string;
	state: ConversationState;
	userEmail?: string;
	/** AI summary; calls get theirs when they end. */
	summary?: string;
	/** Custom metric values extracted from the conversation. */
	metrics?: Record<string, unknown>;
	capturedVariables?: Record<string, unknown>;
	/** Calls: when the simulated call ends, and how long it lasted once it has. */
	call?: {
		callSid: string;
		from: string;
		endsAt: number;
		durationSeconds?: number;
		listenUrl: string;
	};
	userName: string;
	/** The recipient's number. */
	userPhone: string;
	campaignId?: string;
	/** What Conversation > Update and Assign changed (tags, notes, isBlocked, chatAssignedTo, …), answered with the record. */
	changes?: Record<string, unknown>;
	leadInfo: Record<string, unknown>;
	/** Outbound (and seeded inbound) message metadata, persisted unless persistToConvo is false. */
	messages: ConversationMessage[];
	/** Agent turns saved to the history store in agent mode, unless disableRecordHistory. */
	history: Array<{ from: 'ai' | 'human'; text: string; at: number }>;
	createdAt: number;
	updatedAt: number;
}

export interface SandboxState {
	workspaces: Record<string, SandboxWorkspace>;
	agents: Record<string, SandboxAgent>;
	/** Keyed by E.164 phone number. */
	numbers: Record<string, SandboxNumber>;
	/** Keyed by `${agentId}:${convoId}`. */
	conversations: Record<string, SandboxConversation>;
	/** Custom metrics per agent id. */
	metrics: Record<string, CustomMetric[]>;
	/** The metric values conversations gave, per conversation and metric (sandbox/domain/customMetricValues.ts); absent until the first. */
	metricValues?: MetricValueRecord[];
	crawlerJobs: Record<string, CrawlerJob>;
	scrapedPages: ScrapedPage[];
	crawler: CrawlerSettings;
	/** Knowledge-base documents by id; each belongs to one agent (sandbox/domain/knowledgeBase.ts). */
	knowledgeDocs: Record<string, KnowledgeDocument>;
	/** Numbers the telephony provider has no stock of: buying them fails. */
	unavailableNumbers: string[];
	/** Leads by id: records are untyped in the API; the sandbox stores the shape it was given. */
	leads: Record<string, SandboxLead>;
	/** How long a started call lasts before it ends with a summary (0: ended when next read). */
	callDurationMs: number;
	/** Where activity posts its events, once registered through the control route. */
	eventReceiverUrl?: string;
	/** Outbound campaigns by id and lead groups created through the API (sandbox/domain/campaign.ts). */
	campaigns?: Record<string, SandboxCampaign>;
	leadGroups?: Record<string, SandboxLeadGroup>;
	/** Time per campaign step: each enabled campaign calls its next leads (default CAMPAIGN_STEP_MS). */
	campaignStepMs?: number;
	/** Agent variables by id, and how many were created (their ids count on from it). */
	variables?: Record<string, SandboxVariable>;
	createdVariables?: number;
	/** Workspaces created through the API so far (their ids count on from it). */
	createdWorkspaces?: number;
	/**
	 * Agent fields that POST and PATCH /agents drop without an error, as a server whose schema
	 * lacks them would: tests of the node's write check (nodes/Convocore/helpers/writeCheck.ts).
	 */
	droppedAgentFields?: string[];
	/** Agents created through the API so far (their ids count on from it); absent until the first. */
	createdAgents?: number;
	/** Organisations and their clients by id (sandbox/domain/organisation.ts). */
	organisations?: Record<string, SandboxOrganisation>;
	orgClients?: Record<string, SandboxClient>;
	/** The usage ledger: what happened, when, for which agent (sandbox/domain/usage.ts). */
	usage?: UsageRecord[];
	/** Agents' tools by id (routes/tool.ts; called by the interact socket, sandbox/domain/toolCalls.ts); absent until the first. */
	tools?: Record<string, SandboxTool>;
	/** The scripted agent's MCP sessions, in order (sandbox/domain/mcpTurn.ts); absent until the first. */
	mcpCalls?: McpCallRecord[];
	/** Tools created so far (their ids count on from it). */
	createdTools?: number;
	/** The workspace sessions feed (sandbox/domain/sessionFeed.ts); built from the conversations on first use. */
	sessionFeed?: SessionFeedState;
	/** The readings switched by `POST /__sandbox/readings` (sandbox/domain/readings.ts); absent: the defaults. */
	readings?: SandboxReadings;
	/** Deterministic id counters. */
	counters: {
		messages: number;
		numbers: number;
		calls: number;
		leads: number;
		knowledgeDocs: number;
		crawlerJobs?: number;
	};
}

export function conversationKey(agentId: string, convoId: string): string {
	return `${agentId}:${convoId}`;
}

export interface SandboxLead {
	id: string;
	agentId: string;
	workspaceId: string;
	name?: string | null;
	email?: string | null;
	phone?: string | null;
	metaData?: Record<string, unknown>;
	groupName?: string;
	convoId?: string | number;
	ts: number;
}

/**
 * One tool of an agent, as created: the request's fields, the API's defaults filled in. The
 * sandbox answers with the whole record, `serverUrlSecret` included, so that tests prove the node
 * strips it whatever the server echoes.
 */
export interface SandboxTool extends Record<string, unknown> {
	id: string;
	agentId: string;
	name: string;
	description: string;
	method: 'GET' | 'POST' | 'PUT' | 'PATCH';
	serverUrl?: string;
	serverUrlSecret?: string;
	disabled: boolean;
	channels: string[];
	fields: Array<Record<string, unknown> & { id: string }>;
	createdAt: number;
	updatedAt: number;
}

/** A call the sandbox "placed": what a test asserts on instead of a ringing phone. */
export interface PlacedCall {
	callSid: string;
	agentId: string;
	from: string;
	to: string;
	convoId: string;
	campaignId?: string;
	at: number;
}
