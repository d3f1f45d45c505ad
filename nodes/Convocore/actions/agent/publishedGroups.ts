/**
 * The published agent fields (OpenAPI 1.0.4, `PATCH /agents/{id}`) that node versions 1 to 6
 * offered only through Other Fields (JSON), placed from node version 4 on where a user looks for
 * them: the agent's model first, its knowledge-base retrieval, its integrations, and the rest in
 * the groups that already hold their kin. Every published field is typed or named in
 * `docs/agent.md` with the reason it is not (test/contracts/agentPublishedCoverage.test.ts).
 */

/** A group of ./fieldGroups.ts before its fields get their kinds. */
interface Placed {
	displayName: string;
	name: string;
	placeholder: string;
	fields: string[];
}

/** What the agent thinks with: first in Create, Update and Clone. */
export const MODEL_GROUP: Placed = {
	displayName: 'Model',
	name: 'modelFields',
	placeholder: 'Add Model Setting',
	fields: [
		'vg_defaultModel',
		'vg_temperature',
		'vg_maxTokens',
		'vg_max_messages_history',
		'enableVertex',
		'vg_enableAboutContext',
		'maxTokensUsage',
	],
};

/** How the agent searches and uses its knowledge base. */
export const KNOWLEDGE_BASE_GROUP: Placed = {
	displayName: 'Knowledge Base Retrieval',
	name: 'knowledgeBaseFields',
	placeholder: 'Add Knowledge Base Setting',
	fields: [
		'vg_kbTopChunks',
		'vg_kbCharCount',
		'vg_kbDocsNum',
		'vg_kbDefaultDimension',
		'ifKnowsThreshold',
		'vg_kb_llm',
		'vectorDb',
		'kbTagsDataMap',
	],
};

/** Channels and platforms the agent is connected to; their keys and tokens are secrets. */
export const INTEGRATIONS_GROUP: Placed = {
	displayName: 'Integrations',
	name: 'integrationFields',
	placeholder: 'Add Integration Field',
	fields: [
		'whatsappToken',
		'whatsappNumberId',
		'whatsappBusniessId',
		'waTestNumber',
		'waVerifyPassed',
		'waTestPassed',
		'igAccessToken',
		'igVerified',
		'instagramOptions',
		'instaAgentUsername',
		'discord',
		'flowise',
		'gcloudClientEmail',
		'gcloudPrivateKey',
		'VF_PROJECT_ID',
		'VF_PROJECT_API_KEY',
		'VF_DIALOGUE_API_KEY',
		'VF_KB_API_KEY',
		'SECRET_API_KEY',
		'vfSettings',
		'vfConfig',
	],
};

/** Published fields added to the groups of node version 4 that already hold their kin. */
export const ADDED_TO_GROUP: Record<string, string[]> = {
	appearanceFields: ['customTheme', 'buttonsLayout', 'buttonVariant', 'inputVariant'],
	chatWidgetFields: [
		'customButtonJSON_STRING',
		'vg_enableUIEngine',
		'vg_enableUIEngineForms',
		'disableTranscriptSharing',
		'ui',
	],
	handoffFields: ['enableVGHandoff', 'UIhandoffTitle', 'UIhandoffSubtitle'],
	voiceFields: ['disableAutoTranscribeAudio', 'vapiConfig', 'vapi'],
	analyticsSettings: ['hideVoiceflowAnalytics', 'hideVapiAnalytics'],
	advancedFields: ['region', 'advanced', 'vgOptions', 'internal', 'marketplace', 'withRefresh'],
};

/**
 * Published fields deliberately not typed, each with its reason; `docs/agent.md` names each one.
 * They stay settable through Other Fields (JSON).
 */
export const NOT_TYPED: Record<string, string> = {
	ID: 'read-only: the agent ID Convocore gives',
	id: 'read-only: the agent ID Convocore gives',
	ownerID: 'read-only: the workspace that owns the agent, set by Convocore',
	lastModified: 'read-only: set by Convocore on every change',
	tokensUsage: 'read-only: the tokens the agent has used, counted by Convocore',
};

/** Display names and descriptions of the fields above (the OpenAPI's own descriptions, shortened). */
export const PUBLISHED_LABELS: Record<string, [string, string?]> = {
	vg_defaultModel: [
		'Model',
		'The model the agent answers with. Choose from the list, or specify a model name using an <a href="https://docs.n8n.io/code/expressions/">expression</a> (a model newer than this list).',
	],
	vg_temperature: ['Temperature', 'How varied the answers are: 0 (focused) to 2 (creative)'],
	vg_maxTokens: ['Max Tokens', 'The most tokens one answer may use'],
	vg_max_messages_history: [
		'Messages of History Kept',
		'How many earlier messages of the conversation the model reads with each turn',
	],
	enableVertex: ['Enable Vertex AI', 'Whether the agent runs its model on Google Vertex AI'],
	vg_enableAboutContext: [
		'Enable About Context',
		'Whether the agent is given contextual information about itself',
	],
	maxTokensUsage: [
		'Max Tokens Usage',
		'The most tokens the agent may use in all, as JSON (the OpenAPI leaves its shape open)',
	],
	vg_kbTopChunks: ['Top Chunks', 'How many of the best-matching chunks each search returns'],
	vg_kbCharCount: ['Character Count', 'The total characters of the knowledge base'],
	vg_kbDocsNum: ['Documents Count', 'The number of documents in the knowledge base'],
	vg_kbDefaultDimension: ['Embedding Dimension', 'The dimension of the knowledge-base embeddings'],
	ifKnowsThreshold: [
		'If-Knows Threshold',
		"The confidence from which the agent takes it that it 'knows' an answer",
	],
	vg_kb_llm: [
		'Search Model',
		'How the knowledge base is searched, e.g. {"searchMethod": "smart", "modelId": "gpt-4o-mini", "searchPrompt": "...", "temprature": 0.2, "maxTokens": 500} (temprature is spelled so by the API)',
	],
	vectorDb: ['Vector Database', 'The vector database configuration, as JSON'],
	kbTagsDataMap: ['Knowledge Base Tags Data Map', 'A JSON array'],
	whatsappToken: ['WhatsApp Token'],
	whatsappNumberId: ['WhatsApp Number ID'],
	whatsappBusniessId: [
		'WhatsApp Business ID',
		'Sent as whatsappBusniessId, the spelling of the API',
	],
	waTestNumber: ['WhatsApp Test Number'],
	waVerifyPassed: ['WhatsApp Verification Passed'],
	waTestPassed: ['WhatsApp Test Passed'],
	igAccessToken: ['Instagram Access Token'],
	igVerified: ['Instagram Verified'],
	instagramOptions: ['Instagram Options', 'E.g. {"pageId": "...", "accessToken": "..."}'],
	instaAgentUsername: ['Instagram Agent Username'],
	discord: ['Discord', 'E.g. {"channelIds": ["..."], "webhookUrls": ["..."]}'],
	flowise: ['Flowise', 'E.g. {"webhookUrl": "...", "webhookSecret": "..."}'],
	gcloudClientEmail: ['Google Cloud Client Email'],
	gcloudPrivateKey: ['Google Cloud Private Key'],
	VF_PROJECT_ID: ['Voiceflow Project ID'],
	VF_PROJECT_API_KEY: ['Voiceflow Project API Key'],
	VF_DIALOGUE_API_KEY: ['Voiceflow Dialogue API Key'],
	VF_KB_API_KEY: ['Voiceflow Knowledge Base API Key'],
	SECRET_API_KEY: ['Secret API Key', 'The secret API key for Voiceflow services'],
	vfSettings: ['Voiceflow Settings', 'E.g. {"enableIgnoreUrlPaths": true}'],
	vfConfig: ['Voiceflow Config', 'E.g. {"alwaysEnableCardButtons": true}'],
	customTheme: ['Custom Theme', 'E.g. {"themeType": "...", "primary": "#0055ff"}'],
	buttonsLayout: ['Buttons Layout'],
	buttonVariant: ['Button Variant', 'Custom is the original styling'],
	inputVariant: ['Input Variant', 'Custom is the original styling'],
	customButtonJSON_STRING: ['Custom Buttons (JSON Text)', 'Custom buttons as JSON text'],
	vg_enableUIEngine: ['Enable UI Engine'],
	vg_enableUIEngineForms: ['Enable UI Engine Forms', 'Forms and inputs in the web chat'],
	disableTranscriptSharing: ['Disable Transcript Sharing'],
	ui: ['UI', 'Widget display settings, e.g. {"widgetType": "tabs", "bgImageVisible": true}'],
	enableVGHandoff: ['Enable VG Handoff'],
	UIhandoffTitle: ['Handoff Title', 'Shown while handing off to a human'],
	UIhandoffSubtitle: ['Handoff Subtitle', 'Shown while handing off to a human'],
	disableAutoTranscribeAudio: ['Disable Auto Transcribe Audio'],
	vapiConfig: ['VAPI Config', 'E.g. {"enableVapiOnWeb": true, "maxMinutesMonthly": 600}'],
	vapi: ['VAPI', 'Any JSON (the OpenAPI leaves its shape open)'],
	hideVoiceflowAnalytics: ['Hide Voiceflow Analytics'],
	hideVapiAnalytics: ['Hide VAPI Analytics'],
	region: ['Region', "The agent's region"],
	advanced: ['Advanced', 'E.g. {"serverUrl": "https://...", "serverUrlSecret": "..."}'],
	vgOptions: ['VG Options', 'E.g. {"showSources": true, "maxChunkSize": 1000}'],
	internal: ['Internal', 'E.g. {"websocketServer": "edge"}'],
	marketplace: ['Marketplace', 'E.g. {"enabled": true, "priceUSD": 10}'],
	withRefresh: ['With Refresh', 'Whether the agent refreshes its settings dynamically'],
};
