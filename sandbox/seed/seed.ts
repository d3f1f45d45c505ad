/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- the local Convocore API for tests and demos: runs in Node, never ships (package.json "files" is dist/ only); its keys are made up */
import type { CustomMetric } from '../../nodes/shared/contracts/customMetric';
import { VOICE_PROVIDERS } from '../../nodes/shared/contracts/voice';
import { hexDigest, sid } from '../domain/ids';
import { agentSecretFields, seedCallConversation, seedLeads, type CrmSeedIds } from './crm';
import { KNOWLEDGE_SEED_IDS, seedKnowledgeDocs } from './knowledge';
import { seedMcpAgents } from './mcpAgents';
import type {
	SandboxAgent,
	SandboxConversation,
	SandboxNumber,
	SandboxState,
	SandboxWorkspace,
} from '../domain/state';
import type { CrawlerJob, ScrapedPage } from '../domain/records';
import { conversationKey } from '../domain/state';
import { seedOrganisations } from '../domain/organisation';
import { seedUsage } from '../domain/usage';
import { recordConversationMetrics, seedMetricValues } from '../domain/customMetricValues';

/**
 * The deterministic seed. Every id and secret a test needs is exported here, so tests never
 * copy literals out of this file.
 */

/** Secrets are `vg_` + 20 characters, like real Convocore secrets. */
export const SANDBOX_KEYS = {
	/** EU White Label workspace: read and write. */
	euWhiteLabel: 'vg_EUwhiteLabel7Qm2Xk9p',
	/** EU Business workspace: reads allowed, writes answer 403 (needs White Label). */
	euBusiness: 'vg_EUbusiness3Hs8Lw2Nd5',
	/** EU Pro workspace: no API access at all (403 on everything). */
	euPro: 'vg_EUproPlan9Vb4Tz6Qc1x',
	/** EU legacy pay-as-you-go workspace: not gated. */
	euLegacy: 'vg_EUlegacyPayg2Jk7Rw5M',
	/** NA White Label workspace: only valid against the NA base URL. */
	naWhiteLabel: 'vg_NAwhiteLabel8Pn3Yd6F',
	/** Agent secret of the EU White Label agent `agent-own`: scoped to that agent only. */
	euAgentSecret: 'vg_AgentOwn5Gh2Kq9Lm4Xt',
} as const;

/** Fixed clock of the seed (2026-01-15T09:00:00Z), so seeded timestamps never change. */
export const SEED_TIME_MS = Date.UTC(2026, 0, 15, 9, 0, 0);
const SEED_TIME_UNIX = Math.floor(SEED_TIME_MS / 1000);

export const SANDBOX_IDS = {
	euWorkspace: 'ws-eu-white-label',
	euBusinessWorkspace: 'ws-eu-business',
	euProWorkspace: 'ws-eu-pro',
	euLegacyWorkspace: 'ws-eu-legacy',
	naWorkspace: 'ws-na-white-label',

	/** EU White Label agent with two own-account SMS numbers (the first is primary) and 12 custom metrics. */
	ownAccountAgent: 'agent-own',
	/** EU White Label agent with one platform-rental SMS number and 4 custom metrics (customer_satisfaction among them). */
	rentalAgent: 'agent-rental',
	/** EU White Label agent with no SMS number (sending from it fails with 409 AGENT_HAS_NO_SMS_NUMBER). */
	noSmsAgent: 'agent-no-sms',
	euBusinessAgent: 'agent-business',
	euProAgent: 'agent-pro',
	euLegacyAgent: 'agent-legacy',
	naAgent: 'agent-na',

	ownAccountPrimaryNumber: '+4915730000001',
	ownAccountSecondNumber: '+4915730000002',
	rentalNumber: '+4915730000010',
	/** A platform-rental number in the EU White Label workspace assigned to no agent (for sync-sms). */
	spareRentalNumber: '+4915730000020',
	euBusinessNumber: '+4915730000030',
	euLegacyNumber: '+4915730000040',
	naNumber: '+14155550100',

	/** Recipient whose conversation with agent-own is in human handoff (`human-chatting`). */
	humanHandoffRecipient: '+4917612345678',
	humanHandoffConvoId: '4917612345678',
	/** Recipient whose conversation with agent-own is `ai-chatting`. */
	aiChattingRecipient: '+4917687654321',
	aiChattingConvoId: '4917687654321',

	/** Numbers that are free to buy in the sandbox (any E.164 number not in use or unavailable is). */
	buyableNumber: '+4930555000111',
	/** Numbers the provider has no stock of: buying one answers 409 NUMBER_UNAVAILABLE. */
	unavailableNumbers: ['+4930555000999', '+14155550199'],

	/** EU White Label crawler jobs (3 and 2 scraped pages) and jobs of other workspaces. */
	crawlerJobDocs: 'crawl-job-docs',
	crawlerJobBlog: 'crawl-job-blog',
	crawlerJobBusiness: 'crawl-job-business',
	crawlerJobNa: 'crawl-job-na',

	/** A finished call of agent-own, with summary, metrics and turns. */
	callConvoId: 'call-seed-carla',
	callRecipient: '+4917699900011',
	/** Leads of agent-own: two in the create shape, the last in the bulk-import (user*) shape. */
	leadIds: ['lead-jordan', 'lead-mia', 'lead-omar'],
	/** Knowledge-base documents of agent-rental (an FAQ text and a pricing page); agent-own has none. */
	knowledgeDocIds: [KNOWLEDGE_SEED_IDS.faq, KNOWLEDGE_SEED_IDS.pricing],
} as const;

const OWN_ACCOUNT_SID = sid('AC', 'ws-eu-white-label');

function workspace(
	id: string,
	name: string,
	region: SandboxWorkspace['region'],
	plan: SandboxWorkspace['plan'],
	secret: string,
	providerSecretNames: string[],
): SandboxWorkspace {
	return { id, name, region, plan, secret, providerSecretNames };
}

/** Every provider's workspace key name: stored in the workspaces where every provider should work. */
const ALL_PROVIDER_SECRET_NAMES = VOICE_PROVIDERS.map(
	(provider) => provider.workspaceSecretKey as string,
);

function seedWorkspaces(): SandboxWorkspace[] {
	return [
		workspace(
			SANDBOX_IDS.euWorkspace,
			'Acme Dental EU',
			'eu',
			'white_label',
			SANDBOX_KEYS.euWhiteLabel,
			ALL_PROVIDER_SECRET_NAMES,
		),
		// The Business workspace lacks the PlayHT and Azure keys: browsing those providers needs them.
		workspace(
			SANDBOX_IDS.euBusinessWorkspace,
			'Brightside Business',
			'eu',
			'business',
			SANDBOX_KEYS.euBusiness,
			['MINIMAX_API_KEY'],
		),
		workspace(SANDBOX_IDS.euProWorkspace, 'Solo Pro', 'eu', 'pro', SANDBOX_KEYS.euPro, []),
		workspace(
			SANDBOX_IDS.euLegacyWorkspace,
			'Legacy Pay-as-you-go',
			'eu',
			'legacy_payg',
			SANDBOX_KEYS.euLegacy,
			ALL_PROVIDER_SECRET_NAMES,
		),
		workspace(
			SANDBOX_IDS.naWorkspace,
			'Acme Dental NA',
			'na',
			'white_label',
			SANDBOX_KEYS.naWhiteLabel,
			ALL_PROVIDER_SECRET_NAMES,
		),
	];
}

function agent(
	ID: string,
	workspaceId: string,
	region: SandboxAgent['region'],
	title: string,
	smsNumbers: string[],
	secret?: string,
): SandboxAgent {
	return {
		ID,
		ownerID: workspaceId,
		workspaceId,
		region,
		title,
		secret,
		initialPrompt: `You are ${title}. Keep SMS replies short and friendly.`,
		smsNumbers,
		secretFields: agentSecretFields(ID, secret),
		createdAtUNIX: SEED_TIME_UNIX,
	};
}

function seedAgents(): SandboxAgent[] {
	return [
		agent(
			SANDBOX_IDS.ownAccountAgent,
			SANDBOX_IDS.euWorkspace,
			'eu',
			'Ava from Acme Dental',
			[SANDBOX_IDS.ownAccountPrimaryNumber, SANDBOX_IDS.ownAccountSecondNumber],
			SANDBOX_KEYS.euAgentSecret,
		),
		agent(SANDBOX_IDS.rentalAgent, SANDBOX_IDS.euWorkspace, 'eu', 'Remy the Reminder Bot', [
			SANDBOX_IDS.rentalNumber,
		]),
		agent(SANDBOX_IDS.noSmsAgent, SANDBOX_IDS.euWorkspace, 'eu', 'Nora (web chat only)', []),
		agent(
			SANDBOX_IDS.euBusinessAgent,
			SANDBOX_IDS.euBusinessWorkspace,
			'eu',
			'Bea from Brightside',
			[SANDBOX_IDS.euBusinessNumber],
		),
		agent(SANDBOX_IDS.euProAgent, SANDBOX_IDS.euProWorkspace, 'eu', 'Pia the Pro Assistant', []),
		agent(SANDBOX_IDS.euLegacyAgent, SANDBOX_IDS.euLegacyWorkspace, 'eu', 'Leo the Legacy Agent', [
			SANDBOX_IDS.euLegacyNumber,
		]),
		agent(SANDBOX_IDS.naAgent, SANDBOX_IDS.naWorkspace, 'na', 'Nate from Acme Dental NA', [
			SANDBOX_IDS.naNumber,
		]),
	];
}

function ownAccountNumber(
	phoneNumber: string,
	workspaceId: string,
	region: SandboxNumber['region'],
	agentId?: string,
): SandboxNumber {
	return {
		phoneNumber,
		phoneNumberSid: sid('PN', phoneNumber),
		workspaceId,
		region,
		senderMode: 'own_account',
		capabilities: ['voice', 'sms'],
		agentId,
		accountSid: OWN_ACCOUNT_SID,
		createdAt: SEED_TIME_MS,
	};
}

function rentalNumber(
	phoneNumber: string,
	workspaceId: string,
	region: SandboxNumber['region'],
	agentId?: string,
): SandboxNumber {
	return {
		phoneNumber,
		phoneNumberSid: sid('PN', phoneNumber),
		workspaceId,
		region,
		senderMode: 'platform_rental',
		capabilities: ['voice', 'sms'],
		agentId,
		rentalSubscriptionId: sid('SU', phoneNumber),
		monthlyPriceUsd: 3,
		createdAt: SEED_TIME_MS,
	};
}

function seedNumbers(): SandboxNumber[] {
	const ids = SANDBOX_IDS;
	return [
		ownAccountNumber(ids.ownAccountPrimaryNumber, ids.euWorkspace, 'eu', ids.ownAccountAgent),
		ownAccountNumber(ids.ownAccountSecondNumber, ids.euWorkspace, 'eu', ids.ownAccountAgent),
		rentalNumber(ids.rentalNumber, ids.euWorkspace, 'eu', ids.rentalAgent),
		rentalNumber(ids.spareRentalNumber, ids.euWorkspace, 'eu'),
		rentalNumber(ids.euBusinessNumber, ids.euBusinessWorkspace, 'eu', ids.euBusinessAgent),
		ownAccountNumber(ids.euLegacyNumber, ids.euLegacyWorkspace, 'eu', ids.euLegacyAgent),
		rentalNumber(ids.naNumber, ids.naWorkspace, 'na', ids.naAgent),
	];
}

function seedConversation(
	agentId: string,
	convoId: string,
	phone: string,
	state: SandboxConversation['state'],
	userName: string,
): SandboxConversation {
	return {
		ID: convoId,
		agentId,
		workspaceId: SANDBOX_IDS.euWorkspace,
		origin: 'sms',
		state,
		userName,
		userPhone: phone,
		leadInfo: { username: userName },
		messages: [
			{
				direction: 'inbound',
				from: phone,
				to: SANDBOX_IDS.ownAccountPrimaryNumber,
				body: 'Hi, can I move my appointment?',
				mediaUrls: [],
				at: SEED_TIME_MS,
			},
		],
		history: [{ from: 'human', text: 'Hi, can I move my appointment?', at: SEED_TIME_MS }],
		createdAt: SEED_TIME_MS,
		updatedAt: SEED_TIME_MS,
	};
}

const CRM_IDS: CrmSeedIds = {
	agentId: SANDBOX_IDS.ownAccountAgent,
	workspaceId: SANDBOX_IDS.euWorkspace,
	agentNumber: SANDBOX_IDS.ownAccountPrimaryNumber,
	callConvoId: SANDBOX_IDS.callConvoId,
	callRecipient: SANDBOX_IDS.callRecipient,
	leadIds: SANDBOX_IDS.leadIds,
};

function seedConversations(): SandboxConversation[] {
	const ids = SANDBOX_IDS;
	return [
		seedConversation(
			ids.ownAccountAgent,
			ids.humanHandoffConvoId,
			ids.humanHandoffRecipient,
			'human-chatting',
			'Hannah Handoff',
		),
		seedConversation(
			ids.ownAccountAgent,
			ids.aiChattingConvoId,
			ids.aiChattingRecipient,
			'ai-chatting',
			'Alex Automated',
		),
		seedCallConversation(CRM_IDS, SEED_TIME_MS - 3_600_000),
	];
}

interface MetricSeed {
	key: string;
	type: CustomMetric['type'];
	description: string;
	isSystem?: boolean;
	options?: string[];
}

const OWN_AGENT_METRICS: MetricSeed[] = [
	{
		key: 'sentiment_score',
		type: 'number',
		description: 'Customer sentiment from -1 (negative) to 1 (positive)',
		isSystem: true,
	},
	{
		key: 'resolved',
		type: 'boolean',
		description: 'Whether the customer issue was resolved',
		isSystem: true,
	},
	{
		key: 'handoff_requested',
		type: 'boolean',
		description: 'Whether the customer asked for a human',
		isSystem: true,
	},
	{
		key: 'appointment_type',
		type: 'enum',
		description: 'Kind of appointment discussed',
		options: ['cleaning', 'checkup', 'whitening', 'emergency'],
	},
	{
		key: 'appointment_booked',
		type: 'boolean',
		description: 'An appointment was booked during the conversation',
	},
	{
		key: 'insurance_provider',
		type: 'string',
		description: 'Insurance provider the customer named',
	},
	{ key: 'quoted_price_eur', type: 'number', description: 'Price quoted to the customer in euros' },
	{
		key: 'preferred_contact_time',
		type: 'string',
		description: 'When the customer prefers to be contacted',
	},
	{
		key: 'is_new_patient',
		type: 'boolean',
		description: 'The customer has not visited the practice before',
	},
	{ key: 'follow_up_needed', type: 'boolean', description: 'A human should follow up' },
	{ key: 'wait_time_minutes', type: 'number', description: 'Minutes until the earliest free slot' },
	{
		key: 'referral_source',
		type: 'string',
		description: 'How the customer heard about the practice',
	},
];

const RENTAL_AGENT_METRICS: MetricSeed[] = [
	{
		key: 'sentiment_score',
		type: 'number',
		description: 'Customer sentiment from -1 (negative) to 1 (positive)',
		isSystem: true,
	},
	{
		key: 'reminder_confirmed',
		type: 'boolean',
		description: 'The customer confirmed the reminder',
	},
	{ key: 'reschedule_reason', type: 'string', description: 'Why the customer asked to reschedule' },
	// The satisfaction metric of example 18 (weekly metric report); seeded values in sandbox/domain/customMetricValues.ts.
	{
		key: 'customer_satisfaction',
		type: 'number',
		description: 'Customer satisfaction rating from 1 (poor) to 5 (excellent)',
	},
];

function metricsFor(agentId: string, seeds: MetricSeed[]): CustomMetric[] {
	// Ids are hash-like, so their sorted order differs from creation order, as in a real store.
	return seeds
		.map((seed, index) => {
			const metric: CustomMetric = {
				id: `cm_${hexDigest(`${agentId}:${seed.key}`, 16)}`,
				key: seed.key,
				description: seed.description,
				type: seed.type,
				isSystem: seed.isSystem ?? false,
				createdAtUNIX: SEED_TIME_UNIX + index * 3600,
				updatedAtUNIX: SEED_TIME_UNIX + index * 3600 + 60,
			};
			if (seed.options) metric.options = seed.options;
			return metric;
		})
		.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function seedCrawler(): { jobs: CrawlerJob[]; pages: ScrapedPage[] } {
	const jobs: Array<CrawlerJob & { pages: string[] }> = [
		{
			jobId: SANDBOX_IDS.crawlerJobDocs,
			workspaceId: SANDBOX_IDS.euWorkspace,
			startUrl: 'https://acme-dental.example/help',
			status: 'completed',
			createdAtUNIX: SEED_TIME_UNIX,
			pages: ['/help', '/help/insurance', '/help/opening-hours'],
		},
		{
			jobId: SANDBOX_IDS.crawlerJobBlog,
			workspaceId: SANDBOX_IDS.euWorkspace,
			startUrl: 'https://acme-dental.example/blog',
			status: 'completed',
			createdAtUNIX: SEED_TIME_UNIX + 60,
			pages: ['/blog', '/blog/whitening-myths'],
		},
		{
			jobId: SANDBOX_IDS.crawlerJobBusiness,
			workspaceId: SANDBOX_IDS.euBusinessWorkspace,
			startUrl: 'https://brightside.example',
			status: 'completed',
			createdAtUNIX: SEED_TIME_UNIX,
			pages: ['/'],
		},
		{
			jobId: SANDBOX_IDS.crawlerJobNa,
			workspaceId: SANDBOX_IDS.naWorkspace,
			startUrl: 'https://acme-dental-na.example/faq',
			status: 'running',
			createdAtUNIX: SEED_TIME_UNIX,
			pages: ['/faq', '/faq/billing'],
		},
	];
	const pages: ScrapedPage[] = jobs.flatMap((job) =>
		job.pages.map((path, index) => ({
			pageId: `${job.jobId}-page-${index + 1}`,
			jobId: job.jobId,
			url: new URL(path, job.startUrl).toString(),
			title: `Page ${path}`,
		})),
	);
	// The job records as the API returns them: without the seed's page list.
	const jobRecords = jobs.map((job) => {
		const record: Partial<typeof job> = { ...job };
		delete record.pages;
		return record as CrawlerJob;
	});
	return { jobs: jobRecords, pages };
}

function byKey<T>(items: T[], key: (item: T) => string): Record<string, T> {
	return Object.fromEntries(items.map((item) => [key(item), item]));
}

/** A fresh copy of the seed: every call returns new objects, so a reset never shares state with the past. */
export function createSeedState(): SandboxState {
	const crawler = seedCrawler();
	const agents = seedAgents();
	const organisations = seedOrganisations(SANDBOX_IDS, agents, SEED_TIME_MS);
	const state: SandboxState = {
		workspaces: byKey(seedWorkspaces(), (w) => w.id),
		// The MCP agents have no usage, organisation or metrics: the other seeds' totals stay as they were.
		agents: byKey([...agents, ...seedMcpAgents(SANDBOX_IDS.euLegacyWorkspace)], (a) => a.ID),
		numbers: byKey(seedNumbers(), (n) => n.phoneNumber),
		conversations: byKey(seedConversations(), (c) => conversationKey(c.agentId, c.ID)),
		metrics: {
			[SANDBOX_IDS.ownAccountAgent]: metricsFor(SANDBOX_IDS.ownAccountAgent, OWN_AGENT_METRICS),
			[SANDBOX_IDS.rentalAgent]: metricsFor(SANDBOX_IDS.rentalAgent, RENTAL_AGENT_METRICS),
			[SANDBOX_IDS.naAgent]: metricsFor(SANDBOX_IDS.naAgent, RENTAL_AGENT_METRICS.slice(0, 2)),
		},
		crawlerJobs: byKey(crawler.jobs, (j) => j.jobId),
		scrapedPages: crawler.pages,
		crawler: { stepMs: 250, holdProcessing: false, retired: false },
		knowledgeDocs: byKey(
			seedKnowledgeDocs(SANDBOX_IDS.rentalAgent, SANDBOX_IDS.euWorkspace, SEED_TIME_MS),
			(document) => document.ID,
		),
		unavailableNumbers: [...SANDBOX_IDS.unavailableNumbers],
		leads: byKey(seedLeads(CRM_IDS, SEED_TIME_MS), (lead) => lead.id),
		callDurationMs: 0,
		organisations: byKey(organisations.organisations, (o) => o.id),
		orgClients: byKey(organisations.clients, (c) => c.id),
		// Dated history relative to the start (not the seed's fixed clock): "last month" always has usage.
		usage: seedUsage(agents, Date.now()),
		// The same for metric values: the last weeks always have data to aggregate.
		metricValues: seedMetricValues(Date.now(), {
			own: SANDBOX_IDS.ownAccountAgent,
			rental: SANDBOX_IDS.rentalAgent,
		}),
		counters: { messages: 0, numbers: 0, calls: 0, leads: 0, knowledgeDocs: 0 },
	};
	// Conversations seeded with metrics gave them when they ended.
	for (const convo of Object.values(state.conversations))
		if (convo.metrics) recordConversationMetrics(state, convo, convo.updatedAt);
	return state;
}
