import type { CreateCrawlerJobRequest } from '../../nodes/shared/contracts/crawlerJob';

/**
 * The records of the sandbox's features (campaigns, organisations, the usage ledger, the sessions
 * feed, metric values, the crawler and the knowledge base), as `SandboxState` (./state.ts) holds
 * them. They live here, apart from the modules that run the features, so that the state imports
 * no behaviour: this file imports nothing from the sandbox.
 */

/** The two regions, each an API base of its own; the state and the feature records name them. */
export type SandboxRegion = 'eu' | 'na';

/** An outbound campaign (sandbox/domain/campaign.ts runs it). */
export interface SandboxCampaign {
	id: string;
	agentId: string;
	workspaceId: string;
	name: string;
	leadGroupName: string;
	delayBetweenEachCall: number;
	concurrentSlots: number;
	enabled: boolean;
	initialPrompt?: string;
	postCallPrompt?: string;
	postCallMetrics?: string[];
	overrideInitialPrompt?: boolean;
	metrics: Array<Record<string, unknown>>;
	contactedLeads: number;
	successfulCalls: number;
	onGoingCalls: number;
	missingCalls: number;
	totalLeads: number;
	created_at: string;
	/** Leads already rung (or missed), in order; the runner's own bookkeeping, never answered. */
	calledLeadIds: string[];
	/** Conversation keys of the calls under way. */
	ongoing: string[];
}

export interface SandboxLeadGroup {
	agentId: string;
	name: string;
	createdAt: number;
}

/** The usage ledger (sandbox/domain/usage.ts). */
export type UsageKind = 'conversation' | 'agentTurn' | 'sms' | 'call';

export interface UsageRecord {
	kind: UsageKind;
	/** Milliseconds since the Unix epoch. */
	at: number;
	agentId: string;
	workspaceId: string;
	/** Calls: how long the call lasts. */
	callSeconds?: number;
}

/** Organisations and their clients (sandbox/domain/organisation.ts). */
export interface SandboxOrganisation {
	id: string;
	workspaceId: string;
	name: string;
	contactEmail: string;
	createdAt: number;
}

export interface SandboxClient {
	id: string;
	orgId: string;
	workspaceId: string;
	name: string;
	email: string;
	createdAt: number;
}

/** The sessions feed (sandbox/domain/sessionFeed.ts). */
export interface FeedSession {
	convoId: string;
	agentId: string;
	workspaceId: string;
	region: SandboxRegion;
	agentName?: string;
	userName?: string;
	userEmail?: string;
	userPhone?: string;
	origin?: string;
	state?: string;
	/** The session's start (ms): its `currentSessionTs`. */
	ts: number;
	turns: Array<Record<string, unknown>>;
	/** Insertion order: among equal timestamps the later one is listed first. */
	seq: number;
	/** What is wrong with this entry as the feed answers it (a hostile feed, sandbox/domain/sessionFeed.ts). */
	malformed?: SessionDefect[];
}

/** Ways one session can come malformed: no `agentId`, its start as date text instead of a number. */
export const SESSION_DEFECTS = ['noAgentId', 'textStart'] as const;
export type SessionDefect = (typeof SESSION_DEFECTS)[number];

/**
 * How a hostile feed misbehaves (none by default), set by `POST /__sandbox/sessions/quirks`:
 * - `ignorePage`: every request gets page 0, and `hasMore` is always true;
 * - `overlap`: each page repeats the last `overlap` entries of the page before (duplicates across pages);
 * - `arrivalsPerPage`: that many sessions arrive before each page after the first is answered,
 *   so they land on a page the client has already read (late pages);
 * - `order: 'byConversation'`: newest conversation first, each conversation's sessions together
 *   (newest first), so a new session on an old conversation sits deep in the feed.
 */
export interface FeedQuirks {
	ignorePage?: boolean;
	overlap?: number;
	arrivalsPerPage?: number;
	order?: 'newestFirst' | 'byConversation';
}

export interface SessionFeedState {
	entries: FeedSession[];
	/** Sessions added so far (conversation ids and seq count on from it). */
	added: number;
	/** Where new sessions take their start from; a test puts a fake clock here. */
	clock: () => number;
	/** The latest start given to an added session (the feed's clock never goes back past it). */
	lastTs?: number;
	/** How the feed misbehaves; none by default. */
	quirks?: FeedQuirks;
	/** Called before each page is answered (a test adds sessions "while the trigger pages"). */
	beforeRead?: (query: { page: number; limit: number }) => void;
	// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- the feed's own Node interval (sandbox/domain/sessionFeed.ts); the sandbox never ships
	timer?: ReturnType<typeof setInterval>;
}

/** Custom-metric values of conversations (sandbox/domain/customMetricValues.ts). */
export type MetricValue = number | boolean | string;

export interface MetricValueRecord {
	agentId: string;
	convoId: string;
	key: string;
	value: MetricValue;
	/** When the conversation gave the value: Unix seconds. */
	ts: number;
}

/** Crawler jobs and their pages (sandbox/domain/crawlerJob.ts). */
export interface CrawlerJob {
	jobId: string;
	workspaceId: string;
	startUrl: string;
	/** `running` is the seed's word for `processing`. */
	status: 'completed' | 'running' | 'failed' | 'queued' | 'processing' | 'cancelled';
	createdAtUNIX: number;
	/** What a job created through the API asked for (sandbox/domain/crawlerJob.ts); seeded jobs have none. */
	request?: CreateCrawlerJobRequest;
	/** URLs still to scrape, in order (sandbox/domain/crawlerJob.ts). */
	queue?: string[];
	message?: string;
	resultError?: string;
}

export interface ScrapedPage {
	pageId: string;
	jobId: string;
	url: string;
	title: string;
	/** Filled for pages a created job scraped from the sandbox's site; the seed's pages derive them. */
	description?: string;
	markdown?: string;
	html?: string;
	scrapedAt?: number;
}

/** How crawler jobs move (sandbox/domain/crawlerJob.ts); tests shorten the step or hold jobs in processing. */
export interface CrawlerSettings {
	/** Time per step: queued to processing, then one page per step, then the end. */
	stepMs: number;
	/** While true, processing jobs scrape nothing and never finish (to test waits and cancel). */
	holdProcessing: boolean;
	/** Set when the state is replaced or the sandbox closes: the jobs' timers stop. */
	retired: boolean;
}

/** One document of an agent's knowledge base, as the sandbox stores it. */
export interface KnowledgeDocument {
	ID: string;
	agentId: string;
	workspaceId: string;
	name: string;
	sourceType: 'doc' | 'url' | 'sitemap';
	content: string;
	metadata: { description: string } & Record<string, unknown>;
	tags: string[];
	refreshRate: '6h' | '12h' | '24h' | 'never';
	/** The page or site it came from, for url and sitemap documents and crawled pages. */
	url?: string;
	/** The crawler job that added it, when one did. */
	crawlerJobId?: string;
	createdAt: number;
	updatedAt: number;
}

/** What the scripted agent did with one MCP server in one turn (sandbox/domain/mcpTurn.ts). */
export interface McpCallRecord {
	agentId: string;
	channel: 'web-chat' | 'sms';
	server: string;
	url: string;
	/** An LLM node of the agent, or the interaction. */
	source: 'agent' | 'interaction';
	/** The transport that worked. */
	transport?: 'sse' | 'streamable-http';
	tool?: string;
	arguments?: Record<string, unknown>;
	answer?: string;
	error?:
		| 'unreachable'
		| 'unauthorized'
		| 'status'
		| 'timeout'
		| 'unsupported-transport'
		| 'protocol'
		| 'tool-error';
	status?: number;
}

/** The switches of sandbox/domain/readings.ts: how the sandbox answers where no public source says. */
export interface SandboxReadings {
	leadGroupExists?: 'adds' | 'refuses';
	usageLogsFirstPage?: 'zero' | 'one' | 'oneAlsoAtZero';
}
