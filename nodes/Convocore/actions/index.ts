import type { ResourceDefinition } from './types';
import { smsResource } from './sms';
import { phoneNumberResource } from './phoneNumber';
import { customMetricResource } from './customMetric';
import { crawlerJobResource } from './crawlerJob';
import { voiceResource } from './voice';
import { agentResource } from './agent';
import { callResource } from './call';
import { conversationResource } from './conversation';
import { leadResource } from './lead';
import { campaignResource } from './campaign';
import { leadGroupResource } from './leadGroup';
import { knowledgeBaseResource } from './knowledgeBase';
import { variableResource } from './variable';
import { organisationResource } from './organisation';
import { workspaceResource } from './workspace';
import { toolResource } from './tool';

/** Every resource of the Convocore node, in menu order. */
export const RESOURCES: ResourceDefinition[] = [
	smsResource,
	callResource,
	conversationResource,
	leadResource,
	leadGroupResource,
	campaignResource,
	agentResource,
	knowledgeBaseResource,
	toolResource,
	voiceResource,
	phoneNumberResource,
	customMetricResource,
	crawlerJobResource,
	variableResource,
	organisationResource,
	workspaceResource,
];
