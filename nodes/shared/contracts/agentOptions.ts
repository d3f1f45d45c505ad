import { z } from 'zod';
import { lazy } from './lazy';
import { telcoField } from '../telco';

/** Runtime overrides for one interaction (`options.agentOptions`), as the spec lists them. */

const TEXT_FIELDS = [
	'title', 'description', 'theme', 'agentPlatform', 'storageID', 'roundedImageURL',
	// `rectangeImageURL` is spelled so by the API.
	'rectangeImageURL', 'proactiveMessage', 'chatBgURL', 'fontFamily', 'branding',
	'customThemeJSONString', 'lang', 'AITranslateTo', 'ADVANCED_customCSS', 'webhookUrl',
	'chatEndMessage', 'aiIntroductionMessage', 'avatarImageUrl', 'headerImageUrl',
	'bannerImageUrl', 'soundEffectUrl',
] as const;

const NUMBER_FIELDS = [
	'createdAtUNIX', 'messageDelayMS', 'allTimeTriggers', 'delayBeforeSubmit', 'messagesLimit',
	'messageAggregationSeconds',
] as const;

const BOOLEAN_FIELDS = [
	'light', 'autoOpenWidget', 'disabled', 'scrollAnimation', 'acceptFileUpload',
	'recordChatHistory', 'disableSmoothScroll', 'isDeployed', 'deployed', 'autoStartWidget',
	'syncBrowser', 'listenForUrlChanges', 'chatForget', 'enableAudioSupport', 'enableAITranslate',
	'disableNoReplyListener', 'disableHumanHandoff', 'alwaysShowHandoff', 'manualControl',
	'enableGeoAnalytics', 'fixedHandoffPopup', 'enableNodes', 'enableFallback', 'disableRating',
	'enableAIIntroductionMessage', 'captureIGStories', 'gdprCompliance', 'disableFileUpload',
	'soundEffectEnabled', 'enableQuickFileUpload', 'enableBugReporting', 'disableHandoffMessages',
	'disableHandoffStatusMessages', 'blockInputDuringHandoffRequest', 'persistHandoffOnRefresh',
	'showHandoffEvenIfOffline', 'smartInit', 'translateUserResponse', 'starred',
	'hideCallAnalytics', 'hideConversationMetrics', 'hideCustomAnalytics', 'hideFunnelAnalytics',
	'hideHandoffAnalytics',
] as const;

const STRING_ARRAY_FIELDS = ['assignedToolsIds', 'convoTags', 'kbTags'] as const;
const ARRAY_FIELDS = ['tools', 'nodes', 'tabs'] as const;
// Structures whose inner shape the spec does not show: any JSON value is passed through.
const STRUCTURE_FIELDS = [
	'voiceConfig', 'nodesSettings', 'fallbackSettings', 'limits', 'emailConfig',
	'leadCollectionRules', 'identityResolutionSettings', 'privacyDisclaimer', 'funnelConfig',
	'webControlConfig', 'topicsConfig', 'inboundEngagement', 'autoTest',
] as const;

function fieldsOf<K extends string, T extends z.ZodTypeAny>(keys: readonly K[], type: T) {
	return Object.fromEntries(keys.map((key) => [key, type.optional()])) as Record<K, z.ZodOptional<T>>;
}

export const agentOverridesSchema = lazy(() => z
	.object({
		...fieldsOf(TEXT_FIELDS, z.string()),
		...fieldsOf(NUMBER_FIELDS, z.number()),
		...fieldsOf(BOOLEAN_FIELDS, z.boolean()),
		...fieldsOf(STRING_ARRAY_FIELDS, z.array(z.string())),
		...fieldsOf(ARRAY_FIELDS, z.array(z.unknown())),
		...fieldsOf(STRUCTURE_FIELDS, z.unknown()),
		[telcoField('SmsAccountSid')]: z.string().optional(),
		[telcoField('SmsAuthToken')]: z.string().optional(),
		[telcoField('SmsPhoneNumber')]: z.string().optional(),
		[telcoField('SmsMode')]: z.string().optional(),
		[telcoField('SmsVerified')]: z.boolean().optional(),
		[telcoField('SmsPhoneNumberSid')]: z.string().optional(),
		[telcoField('SmsRentalSubscriptionId')]: z.string().optional(),
		[telcoField('SmsRentalStatus')]: z.string().optional(),
	})
	.strict());

export const messageItemSchema = lazy(() => z
	.object({
		role: z.enum(['user', 'assistant', 'system', 'tool']),
		content: z.string().optional(),
		name: z.string().optional(),
		timestamp: z.number().optional(),
		tool_call_id: z.string().optional(),
		tool_name: z.string().optional(),
		tool_calls: z.unknown().optional(),
	})
	.strict());

export const serverDataSchema = lazy(() => z
	.object({
		agentTools: z.array(z.unknown()).optional(),
		agentVariables: z.array(z.unknown()).optional(),
		agentOrg: z.unknown().optional(),
		agentClients: z.array(z.unknown()).optional(),
		orgTeams: z.array(z.unknown()).optional(),
		agentData: z.record(z.unknown()).optional(),
		workspaceData: z.unknown().optional(),
		[telcoField('AccountSid')]: z.string().optional(),
		[telcoField('AuthToken')]: z.string().optional(),
		assignedGlobalPrompts: z.array(z.string()).optional(),
	})
	// The spec says what serverData holds but not that other keys are refused.
	.passthrough());

export const agentOptionsSchema = lazy(() => z
	.object({
		serverData: serverDataSchema.optional(),
		supportWorkspaceAuthToken: z.string().optional(),
		overrideInitialPrompt: z.boolean().optional(),
		messagesHistory: z.array(messageItemSchema).optional(),
		messagesHistoryMergeMode: z.enum(['append', 'replace_system_context']).optional(),
		mcpServers: z.array(z.unknown()).optional(),
		schemaCrawlJobId: z.string().optional(),
		agentOverrides: agentOverridesSchema.optional(),
		toolsOverrides: z.array(z.unknown()).optional(),
		variablesOverrides: z.array(z.unknown()).optional(),
		callerInfo: z.unknown().optional(),
		callInfo: z.unknown().optional(),
		currentNode: z.string().optional(),
		awaitListenUrl: z.boolean().optional(),
	})
	.strict());
export type AgentOptions = z.infer<typeof agentOptionsSchema>;
